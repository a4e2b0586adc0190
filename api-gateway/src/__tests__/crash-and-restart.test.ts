import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { bearer, createAffiliate, createStaffUser } from '../../test-support/affiliate-fixtures';
import { rateRows, workbook } from '../../test-support/rate-workbooks';
import { seedIfEmpty } from '../seed/seed';
import { pausedAt, startGateway, type GatewayProcess } from '../../test-support/gateway-process';

/**
 * Issue 14, faults: a gateway killed with SIGKILL in the middle of a commission upload, an ingestion batch,
 * a KYC decision and an export (held there by the test-only FAULT_PAUSE_AT points, inside their
 * transactions) and restarted on the same data leaves nothing half-written; the outbox sends what was
 * queued before the kill once; the interrupted export's file is removed; and SIGTERM lets a slow request
 * finish. Runs on embedded PGlite (the same data directory each start), or on PostgreSQL in a schema of
 * its own when DATABASE_URL is set.
 */
jest.setTimeout(480_000);

const databaseUrl = process.env.DATABASE_URL;
const API_KEY = `faults-${randomBytes(16).toString('hex')}`;

const exportFiles = (dataDir: string) =>
  readdirSync(path.join(dataDir, 'files', 'export'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

async function count(db: Database, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(sql, params);
  return Number(rows[0].n);
}

test('killed mid-upload, mid-batch, mid-decision and mid-export, the restarted gateway has nothing half-written', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-faults-'));
  const schema = databaseUrl ? `faults_${randomBytes(6).toString('hex')}` : undefined;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    INTEGRATION_API_KEY: API_KEY,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, PGOPTIONS: `-c search_path=${schema},public` } : {}),
  };
  const { PGOPTIONS: _schemaOption, ...configEnv } = env;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...configEnv });
  // The test prepares the data itself (migrations, demo accounts, fixtures); the gateways find it ready.
  let db = await openDatabase({ databaseUrl, dataDir, schema });
  const ctx: AppContext = {
    config,
    db,
    logger: pino({ level: 'silent' }),
    now: () => new Date(),
    routeDocs: [],
  };
  const gateways: GatewayProcess[] = [];
  try {
    await migrate(db);
    await seedIfEmpty(ctx, 0);
    const admin = await bearer(ctx, await createStaffUser(db, 1));
    const approvedFirst = await createAffiliate(db, { status: 'KYC Pending' });
    const interrupted = await createAffiliate(db, { status: 'KYC Pending' });
    const { rows: network } = await db.query<{ external_id: string; affiliate_code: string }>(
      `SELECT r.external_id, a.affiliate_code FROM retailers r JOIN affiliates a USING (affiliate_id)
        ORDER BY r.retailer_id LIMIT 1`,
    );
    const ratesBefore = await count(db, 'SELECT count(*) AS n FROM commission_rates');
    const ordersBefore = await count(db, 'SELECT count(*) AS n FROM orders');
    // PGlite's files belong to one process at a time.
    if (!databaseUrl) await db.close();

    const start = async (faults: string) => {
      const gateway = await startGateway({ ...env, FAULT_PAUSE_AT: faults });
      gateways.push(gateway);
      return gateway;
    };
    const call = (gateway: GatewayProcess, route: string, init: RequestInit = {}) =>
      fetch(`${gateway.url}/api${route}`, {
        ...init,
        headers: {
          Authorization: admin,
          ...(typeof init.body === 'string' ? { 'Content-Type': 'application/json' } : {}),
          ...init.headers,
        },
      });
    const cutOff = (answer: Promise<Response>) =>
      answer.then(
        (res) => res.status,
        () => 'cut off',
      );

    // 1. An approval commits while the outbox worker is held (its email stays queued); then the gateway
    //    dies with an upload's rates written but not committed.
    let gateway = await start('outbox.claim,commission.upload');
    await pausedAt(gateway, 'outbox.claim');
    const approval = await call(gateway, '/backoffice/affiliate/kyc', {
      method: 'POST',
      body: JSON.stringify({ affiliateID: approvedFirst.affiliateId, isActive: true }),
    });
    expect(approval.status).toBe(200);
    const form = new FormData();
    const rates = workbook(
      rateRows(
        [network[0].affiliate_code, 7.5, 'Snacks', 0, '2026-01-01'],
        [network[0].affiliate_code, 6, 'Beverages', 0, '2026-01-01'],
      ),
    );
    form.append('data', new Blob([new Uint8Array(rates)]), 'rates.xlsx');
    const upload = cutOff(call(gateway, '/master/commision/upload', { method: 'POST', body: form }));
    await pausedAt(gateway, 'commission.upload');
    await gateway.kill();
    expect(await upload).toBe('cut off');

    // 2. Restarted: the queued email goes out. Then it dies with an export on disk but not recorded, and an
    //    order batch inserted but not committed.
    gateway = await start('export.written,ingest.orders');
    await gateway.waitFor(
      (line) => line.msg === 'email (log transport)' && line.to === approvedFirst.email,
      30_000,
    );
    const exporting = cutOff(call(gateway, '/report/loginhistory'));
    await pausedAt(gateway, 'export.written');
    // Its bytes are written but not recorded: on disk (embedded) or as chunks in the database (PostgreSQL).
    if (databaseUrl)
      expect(
        await count(
          db,
          `SELECT count(DISTINCT storage_key) AS n FROM stored_file_chunks c
            WHERE NOT EXISTS (SELECT 1 FROM stored_files f WHERE f.storage_key = c.storage_key)`,
        ),
      ).toBe(1);
    else expect(exportFiles(dataDir)).toHaveLength(1);
    const batch = ['A', 'B', 'C'].map((n) => ({
      externalId: `FAULT-ORDER-${n}`,
      retailerExternalId: network[0].external_id,
      orderDate: '2026-11-01',
      productCategory: 'Snacks',
      orderValue: '1500.00',
      buyerName: 'Crash Test',
      status: 'Delivered',
    }));
    const ingest = cutOff(
      fetch(`${gateway.url}/api/integration/orders`, {
        method: 'POST',
        headers: { 'X-API-Key': API_KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify({ orders: batch }),
      }),
    );
    await pausedAt(gateway, 'ingest.orders');
    await gateway.kill();
    expect(await exporting).toBe('cut off');
    expect(await ingest).toBe('cut off');

    // 3. Restarted: the interrupted export's file is gone (on PostgreSQL its chunks go an hour later, by
    //    the export sweep, since another gateway may still be writing its own). It dies with a decision's status written, no audit row,
    //    no email yet.
    gateway = await start('kyc.decision');
    if (!databaseUrl) {
      await gateway.waitFor((line) => line.msg === 'interrupted exports removed', 30_000);
      expect(exportFiles(dataDir)).toHaveLength(0);
    }
    const decision = cutOff(
      call(gateway, '/backoffice/affiliate/kyc', {
        method: 'POST',
        body: JSON.stringify({ affiliateID: interrupted.affiliateId, isActive: true }),
      }),
    );
    await pausedAt(gateway, 'kyc.decision');
    await gateway.kill();
    expect(await decision).toBe('cut off');

    // 4. Restarted with a slow export: SIGTERM while it is in flight. It still answers 200, no new
    //    connection is accepted, and the process exits 0.
    gateway = await start('export.written=1500');
    const slow = call(gateway, '/report/loginhistory');
    await pausedAt(gateway, 'export.written');
    gateway.child.kill('SIGTERM');
    await gateway.waitFor((line) => line.msg === 'shutting down');
    await expect(fetch(`${gateway.url}/api/health`)).rejects.toThrow();
    const slowAnswer = await slow;
    expect(slowAnswer.status).toBe(200);
    expect(((await slowAnswer.json()) as { excelPath: string }).excelPath).toContain('/report/download');
    expect(await gateway.exited).toBe(0);
    expect(gateway.lines.some((line) => line.msg === 'stopped')).toBe(true);

    // What the data holds after four processes, three of them killed mid-work.
    if (!databaseUrl) {
      db = await openDatabase({ dataDir });
    }
    // The upload: nothing of it.
    expect(await count(db, 'SELECT count(*) AS n FROM commission_uploads')).toBe(0);
    expect(await count(db, 'SELECT count(*) AS n FROM commission_rates')).toBe(ratesBefore);
    expect(await count(db, `SELECT count(*) AS n FROM audit_log WHERE action = 'commission.upload'`)).toBe(0);
    // The batch: nothing of it.
    expect(await count(db, `SELECT count(*) AS n FROM orders WHERE external_id LIKE 'FAULT-ORDER-%'`)).toBe(
      0,
    );
    expect(await count(db, 'SELECT count(*) AS n FROM orders')).toBe(ordersBefore);
    // The interrupted decision: no status, no audit row, no email.
    const statusOf = async (affiliateId: number) =>
      (
        await db.query<{ status: string }>('SELECT status FROM affiliates WHERE affiliate_id = $1', [
          affiliateId,
        ])
      ).rows[0].status;
    expect(await statusOf(interrupted.affiliateId)).toBe('KYC Pending');
    const auditOf = (affiliateId: number) =>
      count(db, `SELECT count(*) AS n FROM audit_log WHERE entity_type = 'affiliate' AND entity_id = $1`, [
        affiliateId,
      ]);
    expect(await auditOf(interrupted.affiliateId)).toBe(0);
    expect(
      await count(db, 'SELECT count(*) AS n FROM outbox WHERE recipient = $1', [interrupted.email]),
    ).toBe(0);
    // The completed decision: status, one audit row, one email, sent once across the restarts.
    expect(await statusOf(approvedFirst.affiliateId)).not.toBe('KYC Pending');
    expect(await auditOf(approvedFirst.affiliateId)).toBe(1);
    const { rows: emails } = await db.query<{ status: string }>(
      'SELECT status FROM outbox WHERE recipient = $1',
      [approvedFirst.email],
    );
    expect(emails).toEqual([{ status: 'sent' }]);
    const sends = gateways
      .flatMap((g) => g.lines)
      .filter((line) => line.msg === 'email (log transport)' && line.to === approvedFirst.email);
    expect(sends).toHaveLength(1);
    // Exports: the finished one is recorded; the interrupted one left nothing behind.
    expect(await count(db, `SELECT count(*) AS n FROM stored_files WHERE purpose = 'export'`)).toBe(1);
    if (!databaseUrl) expect(exportFiles(dataDir)).toHaveLength(1);
  } finally {
    for (const gateway of gateways) await gateway.kill();
    await db.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
