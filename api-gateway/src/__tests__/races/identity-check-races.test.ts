import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../../db/database';
import { migrate } from '../../db/migrate';
import { createAffiliate } from '../../../test-support/affiliate-fixtures';
import { startSmileIdFake, type SmileIdFake } from '../../../test-support/fakes/smile-id-fake';
import { startGateway, type GatewayProcess } from '../../../test-support/gateway-process';

/**
 * Issue 50, part 1: two real gateway processes on one PostgreSQL schema, each running its identity-check worker
 * against the Smile ID fake. Every case is submitted to the provider once, whichever gateway takes it.
 */
const databaseUrl = process.env.DATABASE_URL;
const describeOnPostgres = databaseUrl ? describe : describe.skip;
jest.setTimeout(180_000);

const CASES = 20;
const PARTNER_ID = '1357';
const API_KEY = 'race-smile-key-0123456789abcdef';

describeOnPostgres('two gateways checking identities at once', () => {
  const schema = `idcheck_${randomBytes(4).toString('hex')}`;
  const dataDirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'portal-idcheck-')));
  let db: Database;
  let fake: SmileIdFake;
  const gateways: GatewayProcess[] = [];

  beforeAll(async () => {
    db = await openDatabase({ databaseUrl: databaseUrl!, schema });
    await migrate(db);
    fake = await startSmileIdFake(PARTNER_ID, API_KEY);
  });
  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.kill()));
    await fake?.close();
    await db?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await db?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  test(`${CASES} cases waiting when both gateways start: each submitted once, all answered`, async () => {
    const numbers: string[] = [];
    for (let i = 0; i < CASES; i++) {
      const ninOrBVN = `223${String(10_000_000 + i * 131).padStart(8, '0')}`;
      numbers.push(ninOrBVN);
      fake.people.set(ninOrBVN, {
        firstName: 'ADAEZE',
        lastName: 'OKAFOR',
        dob: '1990-02-03',
        selfieMatches: true,
      });
      await createAffiliate(db, { fullName: 'Adaeze Okafor', ninOrBVN });
    }
    const url = new URL(databaseUrl!);
    url.searchParams.set('options', `-c search_path=${schema},public`);
    const jwtSecret = randomBytes(32).toString('hex');
    const dataKey = randomBytes(32).toString('base64');
    const started = await Promise.all(
      dataDirs.map((dataDir) =>
        startGateway({
          DATA_DIR: dataDir,
          DATABASE_URL: url.toString(),
          JWT_SECRET: jwtSecret,
          DATA_ENCRYPTION_KEY: dataKey,
          IDENTITY_PROVIDER: 'smile_id',
          IDENTITY_CHECK_PRODUCT: 'enhanced_kyc',
          SMILE_ID_PARTNER_ID: PARTNER_ID,
          SMILE_ID_API_KEY: API_KEY,
          SMILE_ID_BASE_URL: `${fake.url}/v1`,
        }),
      ),
    );
    gateways.push(...started);
    const deadline = Date.now() + 150_000;
    for (;;) {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM identity_checks WHERE state = 'answered'`,
      );
      if (rows[0].n === CASES) break;
      if (Date.now() > deadline) throw new Error(`only ${rows[0].n} of ${CASES} checks answered`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(fake.jobs.map((job) => job.idNumber).sort()).toEqual([...numbers].sort());
    expect(fake.calls.every((call) => call.signed)).toBe(true);
    const logged = JSON.stringify(gateways.flatMap((gateway) => gateway.lines));
    for (const number of numbers) expect(logged).not.toContain(number);
    expect(logged).not.toContain(API_KEY);
    const perGateway = gateways.map(
      (gateway) => gateway.lines.filter((line) => line.msg === 'identity checked').length,
    );
    expect(perGateway[0] + perGateway[1]).toBe(CASES);
    console.info(`identity checks per gateway: ${perGateway.join(' and ')}`);
  });
});
