import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../../config';
import type { AppContext } from '../../../context';
import { openDatabase, type Database } from '../../../db/database';
import { migrate } from '../../../db/migrate';
import {
  FAKE_PAYSTACK_SECRET,
  startPaystackFake,
  type PaystackFake,
} from '../../../../test-support/fakes/paystack-fake';
import { pausedAt, startGateway, type GatewayProcess } from '../../../../test-support/gateway-process';
import { bearer, createStaffUser } from '../../../../test-support/affiliate-fixtures';
import { createPaystackRun } from '../../../../test-support/paystack-payout-fixtures';

/**
 * Issue 28, "never twice": real gateway processes paying a Paystack run, killed with SIGKILL in the middle of
 * it (held there by the test-only FAULT_PAUSE_AT points), restarted on the same data: every line is
 * transferred exactly once (counted at the fake, which refuses and records any reference sent again after it
 * had the transfer). On embedded PGlite (the same data directory each start) or, with DATABASE_URL, on
 * PostgreSQL in a schema of its own; there, also two gateways executing one run at once.
 */
jest.setTimeout(600_000);

const databaseUrl = process.env.DATABASE_URL;
const LINES = 230;

interface Setup {
  dataDir: string;
  env: Record<string, string>;
  db: Database;
  ctx: AppContext;
  fake: PaystackFake;
  schema?: string;
}

async function setUp(): Promise<Setup> {
  const fake = await startPaystackFake();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-payout-crash-'));
  const schema = databaseUrl ? `payout_crash_${randomBytes(6).toString('hex')}` : undefined;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    // Gateways with their own DATA_DIR open what the test sealed (the lines' account numbers).
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    PAYOUT_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: FAKE_PAYSTACK_SECRET,
    PAYSTACK_BASE_URL: fake.baseUrl,
    PAYOUT_TIMEOUT_MS: '1000',
    PAYOUT_RECONCILE_AFTER_SECONDS: '3',
    PAYOUT_LEASE_SECONDS: '3',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, PGOPTIONS: `-c search_path=${schema},public` } : {}),
  };
  const { PGOPTIONS: _schemaOption, ...configEnv } = env;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...configEnv });
  const db = await openDatabase({ databaseUrl, dataDir, schema });
  const ctx: AppContext = {
    config,
    db,
    logger: pino({ level: 'silent' }),
    now: () => new Date(),
    routeDocs: [],
  };
  await migrate(db);
  return { dataDir, env, db, ctx, fake, schema };
}

/** References per POST /transfer/bulk the fake received, and how often each reference was sent. */
function sends(fake: PaystackFake): Map<string, number> {
  const counts = new Map<string, number>();
  for (const call of fake.callsTo('POST /transfer/bulk')) {
    for (const item of (call.body as { transfers: { reference: string }[] }).transfers) {
      counts.set(item.reference, (counts.get(item.reference) ?? 0) + 1);
    }
  }
  return counts;
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test('killed after committing a chunk as sending, then killed after Paystack queued the next: restarted, every line is transferred once', async () => {
  const setup = await setUp();
  let db = setup.db;
  const { fake, env, dataDir } = setup;
  const gateways: GatewayProcess[] = [];
  try {
    const run = await createPaystackRun(
      setup.ctx,
      Array.from({ length: LINES }, (_, i) => `${1000 + i}.00`),
    );
    const references = run.lines.map((line) => line.reference);
    // PGlite's files belong to one process at a time.
    if (!databaseUrl) await db.close();
    const start = async (faults?: string) => {
      const gateway = await startGateway({ ...env, ...(faults ? { FAULT_PAUSE_AT: faults } : {}) });
      gateways.push(gateway);
      return gateway;
    };

    // 1. The first chunk is committed 'sending'; the gateway dies before calling Paystack.
    let gateway = await start('payout.sending');
    await pausedAt(gateway, 'payout.sending');
    await gateway.kill();
    expect(fake.callsTo('POST /transfer/bulk')).toHaveLength(0);
    expect(fake.callsTo('GET /balance')).toHaveLength(1);

    // 2. Restarted: the reconciler finds Paystack has no transfer for the first chunk and sends it again with
    //    the same references, or (the dead gateway's lease run out first) the executor sends the next chunk.
    //    Either way Paystack queues 100 transfers and the gateway dies before it records the answer.
    gateway = await start('payout.sent');
    await pausedAt(gateway, 'payout.sent');
    await gateway.kill();
    expect(fake.callsTo('POST /transfer/bulk')).toHaveLength(1);
    const queued = (
      fake.callsTo('POST /transfer/bulk')[0].body as { transfers: { reference: string }[] }
    ).transfers.map((item) => item.reference);
    expect([references.slice(0, 100), references.slice(100, 200)]).toContainEqual(queued);
    expect(fake.transfers.size).toBe(100);

    // 3. Restarted without faults: the rest goes; the reconciler finds the queued chunk at Paystack (verify)
    //    and records it without sending it again.
    gateway = await start();
    await until(() => fake.transfers.size === LINES);
    await until(() => queued.every((ref) => fake.callsTo(`GET /transfer/verify/${ref}`).length > 0));
    // Everything settles at Paystack; the reconciler reads it and the run completes.
    for (const reference of references) await fake.settle(reference, 'success');
    await until(async () => {
      if (databaseUrl) {
        const { rows } = await db.query<{ status: string }>(
          'SELECT status FROM payout_runs WHERE payout_run_id = $1',
          [run.runId],
        );
        return rows[0].status === 'completed';
      }
      return gateway.lines.some((line) => line.msg === 'payout run completed');
    });
    gateway.child.kill('SIGTERM');
    await gateway.exited;

    if (!databaseUrl) db = await openDatabase({ dataDir });
    const counts = sends(fake);
    expect(fake.duplicateReferences).toEqual([]);
    expect([...fake.transfers.keys()].sort()).toEqual([...references].sort());
    // Each reference reached Paystack once: the first chunk's first send never left the killed gateway.
    expect(references.filter((ref) => counts.get(ref) !== 1)).toEqual([]);
    const { rows } = await db.query<{ status: string; n: string | number }>(
      'SELECT status, count(*) AS n FROM payout_lines WHERE payout_run_id = $1 GROUP BY status',
      [run.runId],
    );
    expect(rows.map((row) => [row.status, Number(row.n)])).toEqual([['paid', LINES]]);
    const { rows: runRows } = await db.query<{ status: string }>(
      'SELECT status FROM payout_runs WHERE payout_run_id = $1',
      [run.runId],
    );
    expect(runRows[0].status).toBe('completed');
    // One paid notice per line (an email and a WhatsApp message), whatever the kills.
    const { rows: notices } = await db.query<{ channel: string; n: string | number }>(
      `SELECT o.channel, count(*) AS n FROM outbox o
         JOIN payout_lines l ON l.payout_run_id = $1
         JOIN affiliates f ON f.affiliate_id = l.affiliate_id
        WHERE o.recipient IN (f.email, f.phone_code || f.mobile_number) AND o.body LIKE '%sent to%'
        GROUP BY o.channel ORDER BY o.channel`,
      [run.runId],
    );
    expect(notices.map((row) => [row.channel, Number(row.n)])).toEqual([
      ['email', LINES],
      ['whatsapp', LINES],
    ]);
  } finally {
    for (const gateway of gateways) await gateway.kill();
    await db.close().catch(() => undefined);
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

(databaseUrl ? test : test.skip)(
  'two gateways on one PostgreSQL: two admins press Pay now at once (one wins, the other 409), both gateways run the job: each line is sent once',
  async () => {
    const setup = await setUp();
    const { fake, env, db } = setup;
    const dataDirs: string[] = [];
    const gateways: GatewayProcess[] = [];
    try {
      const run = await createPaystackRun(
        setup.ctx,
        Array.from({ length: 300 }, (_, i) => `${2000 + i}.50`),
        { status: 'approved' },
      );
      const admins = await Promise.all(
        [1, 2].map(async () => bearer(setup.ctx, await createStaffUser(db, 1))),
      );
      const both = await Promise.all(
        ['a', 'b'].map((name) => {
          const dataDir = mkdtempSync(path.join(os.tmpdir(), `portal-payout-${name}-`));
          dataDirs.push(dataDir);
          return startGateway({ ...env, DATA_DIR: dataDir });
        }),
      );
      gateways.push(...both);
      const presses = await Promise.all(
        both.map((gateway, i) =>
          fetch(`${gateway.url}/api/admin/payouts/runs/${run.runId}/execute`, {
            method: 'POST',
            headers: { Authorization: admins[i] },
          }),
        ),
      );
      expect(presses.map((res) => res.status).sort()).toEqual([200, 409]);
      const { rows: audits } = await db.query<{ n: string | number }>(
        `SELECT count(*) AS n FROM audit_log WHERE action = 'payout.run.execute' AND entity_id = $1`,
        [String(run.runId)],
      );
      expect(Number(audits[0].n)).toBe(1);
      await until(() => fake.transfers.size === 300);
      for (const line of run.lines) await fake.settle(line.reference, 'success');
      await until(async () => {
        const { rows } = await db.query<{ status: string }>(
          'SELECT status FROM payout_runs WHERE payout_run_id = $1',
          [run.runId],
        );
        return rows[0].status === 'completed';
      });
      const counts = sends(fake);
      expect(fake.duplicateReferences).toEqual([]);
      expect(run.lines.filter((line) => counts.get(line.reference) !== 1)).toEqual([]);
      expect(fake.callsTo('GET /balance')).toHaveLength(1);
      const { rows } = await db.query<{ n: string | number }>(
        `SELECT count(*) AS n FROM payout_lines WHERE payout_run_id = $1 AND status = 'paid'`,
        [run.runId],
      );
      expect(Number(rows[0].n)).toBe(300);
    } finally {
      for (const gateway of gateways) await gateway.kill();
      await db.close().catch(() => undefined);
      await fake.close();
      for (const dir of [setup.dataDir, ...dataDirs]) rmSync(dir, { recursive: true, force: true });
    }
  },
);
