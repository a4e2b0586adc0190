import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../../app';
import { loadConfig } from '../../config';
import type { AppContext } from '../../context';
import { type Database, openDatabase } from '../../db/database';
import { migrate } from '../../db/migrate';
import { bearer, createAffiliate, createStaffUser } from '../../../test-support/affiliate-fixtures';
import { readyRegistration } from '../../../test-support/registration-flow';
import { openSuiteDatabase } from '../../../test-support/suite-database';
import { testClock, type TestApp } from '../../../test-support/test-app';
import { dataKeyId } from '../field-crypto';
import { openNumbers, resealNumbers, sealNumbersAtStart, type SealedNumberRow } from '../sealed-numbers';

// Whole registrations on a busy two-core machine.
jest.setTimeout(240_000);

/** Known numbers, none a part of the mobile numbers or anything else the tests write. */
const REGISTERED = { ninOrBVN: '31415926535', accountNumber: '2718281828' };
const CORRECTED = { ninOrBVN: '27182818284', accountNumber: '1618033988' };
const EVERY_NUMBER = [...Object.values(REGISTERED), ...Object.values(CORRECTED)];

/** An app like test-app's, on the database given (the PGlite data directory test needs one on disk). */
async function appOn(db: Database, env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-at-rest-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    ...env,
  });
  await migrate(db);
  const clock = testClock();
  const ctx: AppContext = {
    config,
    db,
    logger: pino({ level: 'silent' }),
    now: clock.now,
    routeDocs: [],
  };
  return {
    app: await createApp(ctx),
    ctx,
    advanceClock: clock.advanceClock,
    freezeClock: clock.freezeClock,
    close: async () => {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A registration with REGISTERED, rejected by the back office, then a re-KYC with CORRECTED. */
async function registerAndReKyc(t: TestApp): Promise<number> {
  const ready = await readyRegistration(t, 'at.rest@example.com', '8039990001', {
    fullName: 'Ngozi Atrest',
    ...REGISTERED,
  });
  await ready.browser.post('/api/affiliate/submit-registration').send(ready.payload).expect(201);
  const { rows } = await t.ctx.db.query<{ affiliate_id: string | number; user_id: string | number }>(
    `SELECT affiliate_id, user_id FROM affiliates WHERE email = 'at.rest@example.com'`,
  );
  const affiliateId = Number(rows[0].affiliate_id);
  const backoffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2));
  await request(t.app)
    .post('/api/backoffice/affiliate/kyc')
    .set('Authorization', backoffice)
    .send({ affiliateID: affiliateId, isActive: false, remark: 'Account name does not match' })
    .expect(200);
  // The rejection email's temporary password would ask for a new one first; that is not what is tested here.
  await t.ctx.db.query('UPDATE users SET force_password_update = false WHERE user_id = $1', [
    rows[0].user_id,
  ]);
  const affiliate = await bearer(t.ctx, Number(rows[0].user_id));
  await request(t.app)
    .post('/api/affiliate/rekyc')
    .set('Authorization', affiliate)
    .send({ affiliateID: affiliateId, fullName: 'Ngozi Atrest', bankID: 2, ...CORRECTED })
    .expect(200);
  return affiliateId;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

describe('the PGlite data directory', () => {
  it('holds neither the registered nor the corrected numbers in clear, in any file (tables, indexes, WAL)', async () => {
    const pgDir = mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-at-rest-'));
    try {
      const t = await appOn(await openDatabase({ dataDir: pgDir }));
      const affiliateId = await registerAndReKyc(t);
      await t.close();
      const files = filesUnder(pgDir);
      const holding = (text: string) =>
        files.filter((file) => readFileSync(file).includes(Buffer.from(text, 'latin1')));
      // The scan finds what is stored in clear (the name, the email), so an empty answer below means something.
      expect(holding('at.rest@example.com').length).toBeGreaterThan(0);
      for (const number of EVERY_NUMBER)
        expect({ number, files: holding(number) }).toEqual({ number, files: [] });

      // And the files open again to the corrected numbers.
      const again = await appOn(await openDatabase({ dataDir: pgDir }));
      const staff = await bearer(again.ctx, await createStaffUser(again.ctx.db, 1));
      // Another process, another dev key: this one is given none of the first one's, so it cannot open them.
      const res = await request(again.app)
        .get(`/api/backoffice/affiliate-details/${affiliateId}`)
        .set('Authorization', staff);
      expect(res.status).toBe(500);
      await again.close();
    } finally {
      rmSync(pgDir, { recursive: true, force: true });
    }
  });
});

const onPostgres = process.env.DATABASE_URL && hasPgDump() ? describe : describe.skip;

function hasPgDump(): boolean {
  try {
    execFileSync('pg_dump', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

onPostgres('a pg_dump of the schema', () => {
  it('holds neither the registered nor the corrected numbers in clear', async () => {
    const t = await appOn(await openSuiteDatabase('at_rest'));
    try {
      const affiliateId = await registerAndReKyc(t);
      const { rows } = await t.ctx.db.query<{ schema: string }>('SELECT current_schema() AS schema');
      const dump = execFileSync(
        'pg_dump',
        ['--dbname', process.env.DATABASE_URL!, '--schema', rows[0].schema],
        {
          maxBuffer: 256 * 1024 * 1024,
        },
      ).toString('latin1');
      expect(dump).toContain('at.rest@example.com');
      for (const number of EVERY_NUMBER) expect(dump.includes(number) ? number : null).toBeNull();
      const staff = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1));
      const shown: Record<string, string> = {};
      for (const field of ['ninOrBVN', 'accountNumber']) {
        const res = await request(t.app)
          .get(`/api/backoffice/affiliate/${affiliateId}/numbers`)
          .query({ field })
          .set('Authorization', staff);
        shown[field] = res.body.value as string;
      }
      expect(shown).toEqual(CORRECTED);
    } finally {
      await t.close();
    }
  });
});

describe('rows written before sealing, and key rotation', () => {
  const keyA = randomBytes(32).toString('base64');
  const keyB = randomBytes(32).toString('base64');
  let t: TestApp;
  beforeAll(async () => {
    t = await appOn(await openSuiteDatabase('rotation'), { DATA_ENCRYPTION_KEY: keyA });
  });
  afterAll(() => t.close());

  type StoredRow = SealedNumberRow & {
    affiliate_id: string | number;
    nin_or_bvn_hash: string;
    account_number_hash: string;
  };
  async function storedRows(): Promise<StoredRow[]> {
    const { rows } = await t.ctx.db.query<StoredRow>(
      `SELECT affiliate_id, nin_or_bvn, nin_or_bvn_sealed, account_number, account_number_sealed,
              nin_or_bvn_hash, account_number_hash
         FROM affiliates ORDER BY affiliate_id`,
    );
    return rows;
  }

  it('the start seals what is in clear, once, and a second run at the same time finds nothing more', async () => {
    // Written as before issue 29: clear columns only.
    const legacy = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        createAffiliate(t.ctx.db, { ninOrBVN: `2${String(7000000000 + i * 37)}` }),
      ),
    );
    const clear = new Map(
      (await storedRows()).map((row) => [
        Number(row.affiliate_id),
        openNumbers(t.ctx.config.dataKeyring, row),
      ]),
    );
    const [first, second] = await Promise.all([sealNumbersAtStart(t.ctx), resealNumbers(t.ctx, 'clear')]);
    expect(first.rows + second.rows).toBe(legacy.length);
    expect((await resealNumbers(t.ctx, 'clear')).rows).toBe(0);
    for (const row of await storedRows()) {
      expect(row.nin_or_bvn).toBeNull();
      expect(row.account_number).toBeNull();
      expect(openNumbers(t.ctx.config.dataKeyring, row)).toEqual(clear.get(Number(row.affiliate_id)));
    }
  });

  it('rotate-data-key re-encrypts every value under the new key; every value reads before, during and after', async () => {
    const before = new Map(
      (await storedRows()).map((row) => [
        Number(row.affiliate_id),
        openNumbers(t.ctx.config.dataKeyring, row),
      ]),
    );
    expect(before.size).toBeGreaterThan(0);
    const rotating = {
      ...t.ctx,
      config: loadConfig({
        DATA_DIR: t.ctx.config.dataDir,
        DATA_ENCRYPTION_KEY: keyB,
        DATA_ENCRYPTION_OLD_KEYS: keyA,
      }),
    };
    // During: a value written under the new key next to those still under the old one; both read.
    const [someId] = before.keys();
    await resealNumbers(rotating, 'clear');
    const report = await resealNumbers(rotating, 'rotate');
    expect(report).toEqual({ rows: before.size, unreadable: 0 });
    expect((await resealNumbers(rotating, 'rotate')).rows).toBe(0);
    const newId = dataKeyId(Buffer.from(keyB, 'base64'));
    const onlyNewKey = loadConfig({ DATA_DIR: t.ctx.config.dataDir, DATA_ENCRYPTION_KEY: keyB }).dataKeyring;
    for (const row of await storedRows()) {
      const stored = row;
      expect(stored.nin_or_bvn_sealed!.split(':')[1]).toBe(newId);
      expect(stored.account_number_sealed!.split(':')[1]).toBe(newId);
      expect(stored.nin_or_bvn_hash.split(':')[0]).toBe(newId);
      expect(stored.account_number_hash.split(':')[0]).toBe(newId);
      expect(openNumbers(onlyNewKey, row)).toEqual(before.get(Number(row.affiliate_id)));
    }
    // The old key alone opens nothing any more.
    const onlyOldKey = loadConfig({ DATA_DIR: t.ctx.config.dataDir, DATA_ENCRYPTION_KEY: keyA }).dataKeyring;
    const row = (await storedRows()).find((candidate) => Number(candidate.affiliate_id) === someId)!;
    expect(() => openNumbers(onlyOldKey, row)).toThrow(/DATA_ENCRYPTION_OLD_KEYS/);
  });

  it('values under a key nobody configured are counted and left as they are, never lost', async () => {
    const stranger = {
      ...t.ctx,
      config: loadConfig({
        DATA_DIR: t.ctx.config.dataDir,
        DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      }),
    };
    const before = await storedRows();
    const report = await resealNumbers(stranger, 'rotate');
    expect(report.rows).toBe(0);
    expect(report.unreadable).toBe(before.length);
    expect(await storedRows()).toEqual(before);
  });
});
