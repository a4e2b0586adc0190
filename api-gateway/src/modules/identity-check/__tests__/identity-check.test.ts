import { register } from 'prom-client';
import request from 'supertest';
import { ConfigError, loadConfig } from '../../../config';
import { FileStore } from '../../../storage/file-store';
import { capturedLog } from '../../../../test-support/captured-log';
import { sampleValue } from '../../../../test-support/metric-samples';
import { startSmileIdFake, type SmileIdFake } from '../../../../test-support/fakes/smile-id-fake';
import { bearer, createAffiliate, createStaffUser } from '../../../../test-support/affiliate-fixtures';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { runDueIdentityChecks } from '..';

jest.setTimeout(120_000);

/**
 * Issue 50, part 1: the identity check against the authority through the Smile ID adapter, against a local fake
 * of Smile ID's documented v1 API that checks every signature. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
const PARTNER_ID = '2468';
const API_KEY = 'smile-api-key-for-tests-0123456789';
const SELFIE = Buffer.from('\x89PNG\r\n\x1a\n fake selfie bytes', 'binary');
const ADAEZE = {
  firstName: 'ADAEZE',
  lastName: 'OKAFOR',
  middleName: 'NGOZI',
  dob: '1991-04-23',
  selfieMatches: true,
};

let fake: SmileIdFake;
const log = capturedLog<{ msg: string }>('debug');
const apps: TestApp[] = [];

beforeAll(async () => {
  fake = await startSmileIdFake(PARTNER_ID, API_KEY);
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await fake.close();
});

async function appWith(product: 'biometric_kyc' | 'enhanced_kyc') {
  const t = await createTestApp(
    {
      IDENTITY_PROVIDER: 'smile_id',
      IDENTITY_CHECK_PRODUCT: product,
      SMILE_ID_PARTNER_ID: PARTNER_ID,
      SMILE_ID_API_KEY: API_KEY,
      SMILE_ID_BASE_URL: `${fake.url}/v1`,
      IDENTITY_CHECK_TIMEOUT_MS: '1500',
      IDENTITY_CHECK_RETRY_SECONDS: '60',
    },
    { logger: log.logger },
  );
  apps.push(t);
  const reviewer = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2, 'Ada Obi'));
  return { t, reviewer };
}

let sequence = 0;
/** A KYC Pending registration with its selfie stored, and a BVN of its own. */
async function registration(t: TestApp, fullName: string) {
  sequence += 1;
  const ninOrBVN = `22${String(100000000 + sequence * 7717).slice(0, 9)}`;
  const file = await new FileStore(t.ctx).put(
    t.ctx.db,
    { purpose: 'selfie', contentType: 'image/png', extension: 'png' },
    SELFIE,
  );
  const { affiliateId } = await createAffiliate(t.ctx.db, {
    fullName,
    ninOrBVN,
    selfieImagePath: file.storageKey,
  });
  return { affiliateId, ninOrBVN };
}

const view = (t: TestApp, token: string, affiliateId: number) =>
  request(t.app).get(`/api/backoffice/kyc/case/${affiliateId}/identity-check`).set('Authorization', token);

const everythingLogged = () => JSON.stringify(log.lines);

describe.each(['biometric_kyc', 'enhanced_kyc'] as const)('Smile ID %s', (product) => {
  let t: TestApp;
  let reviewer: string;
  beforeAll(async () => {
    ({ t, reviewer } = await appWith(product));
  });
  beforeEach(() =>
    t.ctx.db.query(`UPDATE affiliates SET status = 'KYC Rejected' WHERE status = 'KYC Pending'`),
  );

  test('a match: the authority found the number, names match, the face too; no risk in the queue', async () => {
    const { affiliateId, ninOrBVN } = await registration(t, 'Adaeze Okafor');
    fake.people.set(ninOrBVN, ADAEZE);
    const before = await view(t, reviewer, affiliateId);
    expect(before.status).toBe(200);
    expect(before.body.result).toBeNull();
    expect(before.body.notChecked.reason).toMatch(/^Not checked yet/);

    const counted = async () =>
      sampleValue(await register.metrics(), 'portal_identity_checks_total', {
        provider: 'smile_id',
        outcome: 'match',
      });
    const matchesBefore = await counted();
    expect(await runDueIdentityChecks(t.ctx)).toBe(1);
    expect(await counted()).toBe(matchesBefore + 1);
    const { body } = await view(t, reviewer, affiliateId);
    expect(body.maskedNumber).toMatch(/^•+\d{3}$|^\*+\d{3}$/);
    expect(JSON.stringify(body)).not.toContain(ninOrBVN);
    expect(body.notChecked).toBeNull();
    expect(body.result).toMatchObject({
      verdict: 'passed',
      idStatus: 'verified',
      firstName: { authority: 'ADAEZE', matches: true },
      lastName: { authority: 'OKAFOR', matches: true },
      otherNames: 'NGOZI',
      dateOfBirth: '1991-04-23',
      faceMatch: product === 'biometric_kyc' ? 'passed' : 'not_done',
      belowThreshold: false,
      demo: false,
    });
    expect(body.result.providerJobID).toMatch(/^0+\d+$/);
    const queue = await request(t.app).get('/api/backoffice/kyc/queue').set('Authorization', reviewer);
    expect(queue.body.results[0].risks).toEqual([]);
    // Checked once; a second pass finds nothing due.
    expect(await runDueIdentityChecks(t.ctx)).toBe(0);
    expect(fake.calls.every((call) => call.signed)).toBe(true);
  });

  test('a mismatch: other names (and another face) are a failed check, counted as a risk first in Riskiest', async () => {
    const { affiliateId: clean, ninOrBVN: cleanNumber } = await registration(t, 'Adaeze Okafor');
    fake.people.set(cleanNumber, ADAEZE);
    const { affiliateId, ninOrBVN } = await registration(t, 'Tunde Bakare');
    fake.people.set(ninOrBVN, { ...ADAEZE, selfieMatches: false });
    await runDueIdentityChecks(t.ctx);
    const { body } = await view(t, reviewer, affiliateId);
    expect(body.result).toMatchObject({
      verdict: 'failed',
      idStatus: 'verified',
      firstName: { authority: 'ADAEZE', matches: false },
      lastName: { authority: 'OKAFOR', matches: false },
      belowThreshold: true,
      faceMatch: product === 'biometric_kyc' ? 'failed' : 'not_done',
    });
    const queue = await request(t.app)
      .get('/api/backoffice/kyc/queue?sort=risk')
      .set('Authorization', reviewer);
    expect(queue.body.results.map((c: { affiliateID: number }) => c.affiliateID)).toEqual([
      affiliateId,
      clean,
    ]);
    expect(queue.body.results[0].risks).toEqual(['authorityCheckFailed']);
  });

  test('a number the authority does not know is a failed check', async () => {
    const { affiliateId } = await registration(t, 'Nobody Known');
    await runDueIdentityChecks(t.ctx);
    const { body } = await view(t, reviewer, affiliateId);
    expect(body.result).toMatchObject({ verdict: 'failed', idStatus: 'not_found' });
  });

  test('a timeout leaves the case "not checked" with the next retry; a later attempt succeeds', async () => {
    const { affiliateId, ninOrBVN } = await registration(t, 'Adaeze Okafor');
    fake.people.set(ninOrBVN, ADAEZE);
    fake.failNext('hang');
    await runDueIdentityChecks(t.ctx);
    const first = await view(t, reviewer, affiliateId);
    expect(first.body.result).toBeNull();
    expect(first.body.notChecked.reason).toBe(
      'Not checked: the last attempt failed (no answer within 1500 ms).',
    );
    expect(first.body.notChecked.attempts).toBe(1);
    const nextAttempt = Date.parse(first.body.notChecked.nextAttemptOn);
    expect(nextAttempt - t.ctx.now().getTime()).toBeGreaterThan(50_000);
    // Not due yet: nothing runs. Then the clock passes the retry and it is checked.
    expect(await runDueIdentityChecks(t.ctx)).toBe(0);
    fake.failNext(503);
    t.advanceClock(61_000);
    await runDueIdentityChecks(t.ctx);
    const second = await view(t, reviewer, affiliateId);
    expect(second.body.notChecked.reason).toMatch(/answered 503/);
    expect(Date.parse(second.body.notChecked.nextAttemptOn) - t.ctx.now().getTime()).toBeGreaterThan(110_000);
    t.advanceClock(121_000);
    await runDueIdentityChecks(t.ctx);
    const third = await view(t, reviewer, affiliateId);
    expect(third.body.result).toMatchObject({ verdict: 'passed' });
  });

  (product === 'biometric_kyc' ? test : test.skip)(
    'a job Smile ID has not finished is asked about again later, never submitted twice',
    async () => {
      const { affiliateId, ninOrBVN } = await registration(t, 'Adaeze Okafor');
      fake.people.set(ninOrBVN, ADAEZE);
      fake.pollsBeforeComplete = 1;
      try {
        await runDueIdentityChecks(t.ctx);
        const waiting = await view(t, reviewer, affiliateId);
        expect(waiting.body.notChecked.reason).toBe(
          "Not checked yet: the job is with the provider, waiting for the authority's answer.",
        );
        t.advanceClock(16_000);
        await runDueIdentityChecks(t.ctx);
        expect((await view(t, reviewer, affiliateId)).body.result).toMatchObject({ verdict: 'passed' });
        expect(fake.jobs.filter((job) => job.idNumber === ninOrBVN)).toHaveLength(1);
      } finally {
        fake.pollsBeforeComplete = 0;
      }
    },
  );

  test('hostile answers (a 5 MB body, wrong types) leave the case "not checked" and the gateway serving', async () => {
    const { affiliateId, ninOrBVN } = await registration(t, 'Adaeze Okafor');
    fake.people.set(ninOrBVN, ADAEZE);
    fake.failNext('huge');
    await runDueIdentityChecks(t.ctx);
    expect((await view(t, reviewer, affiliateId)).body.notChecked.reason).toMatch(/answer too large/);
    fake.failNext('wrong-types');
    t.advanceClock(61_000);
    await runDueIdentityChecks(t.ctx);
    const after = await view(t, reviewer, affiliateId);
    expect(after.status).toBe(200);
    expect(after.body.result).toBeNull();
    expect(after.body.notChecked.reason).toMatch(/^Not checked: the last attempt failed \(.* without /);
    expect((await request(t.app).get('/api/health')).status).toBe(200);
  });

  test('two gateways\u2019 workers at once check each case once', async () => {
    const cases = await Promise.all(
      Array.from({ length: 6 }, (_, i) => registration(t, i % 2 ? 'Adaeze Okafor' : 'Tunde Bakare')),
    );
    for (const each of cases) fake.people.set(each.ninOrBVN, ADAEZE);
    const jobsBefore = fake.jobs.length;
    // Two contexts on one database: two providers, as two gateways would have.
    const other = { ...t.ctx };
    const taken = await Promise.all([
      runDueIdentityChecks(t.ctx, 10),
      runDueIdentityChecks(other, 10),
      runDueIdentityChecks(t.ctx, 10),
      runDueIdentityChecks(other, 10),
    ]);
    expect(taken.reduce((sum, n) => sum + n, 0)).toBe(6);
    const submitted = fake.jobs
      .slice(jobsBefore)
      .map((job) => job.idNumber)
      .sort();
    expect(submitted).toEqual(cases.map((each) => each.ninOrBVN).sort());
  });

  test('logs never hold the number, the API key or a signature', () => {
    const logged = everythingLogged();
    expect(logged).toContain('identity check');
    for (const number of fake.people.keys()) expect(logged).not.toContain(number);
    expect(logged).not.toContain(API_KEY);
    expect(logged).not.toMatch(/"signature"\s*:\s*"[A-Za-z0-9+/=]{20,}"/);
  });
});

test('unknown affiliates are a 404; a bad id a 400', async () => {
  const { t, reviewer } = await appWith('enhanced_kyc');
  expect((await view(t, reviewer, 987654321)).status).toBe(404);
  const bad = await request(t.app)
    .get('/api/backoffice/kyc/case/1e9x/identity-check')
    .set('Authorization', reviewer);
  expect(bad.status).toBe(400);
});

describe('configuration', () => {
  const production = {
    NODE_ENV: 'production',
    DATA_DIR: '/tmp/portal-config-test',
    JWT_SECRET: 'x'.repeat(40),
    DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  };

  test('production refuses IDENTITY_PROVIDER=smile_id without its partner id or key, naming them', () => {
    expect(() => loadConfig({ ...production, IDENTITY_PROVIDER: 'smile_id' })).toThrow(
      new ConfigError(
        'The configuration is invalid: IDENTITY_PROVIDER=smile_id needs SMILE_ID_PARTNER_ID, SMILE_ID_API_KEY.',
      ),
    );
    expect(() =>
      loadConfig({
        ...production,
        IDENTITY_PROVIDER: 'smile_id',
        SMILE_ID_PARTNER_ID: '2468',
        SMILE_ID_API_KEY: '',
      }),
    ).toThrow(/needs SMILE_ID_API_KEY\.$/);
  });

  test('defaults: log outside production, none in production; sandbox or production addresses by setting', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/portal-config-test' }).identityCheck.provider).toBe(
      'log',
    );
    expect(loadConfig(production).identityCheck.provider).toBe('none');
    const smile = { IDENTITY_PROVIDER: 'smile_id', SMILE_ID_PARTNER_ID: '2468', SMILE_ID_API_KEY: 'k' };
    const sandbox = loadConfig({ ...production, ...smile }).identityCheck;
    expect(sandbox).toMatchObject({ provider: 'smile_id', baseUrl: 'https://testapi.smileidentity.com/v1' });
    const live = loadConfig({ ...production, ...smile, SMILE_ID_ENVIRONMENT: 'production' }).identityCheck;
    expect(live).toMatchObject({ baseUrl: 'https://api.smileidentity.com/v1', product: 'biometric_kyc' });
  });
});
