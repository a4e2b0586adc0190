import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { hashPassword } from '../../../auth/password';
import { loadConfig } from '../../../config';
import { dataKeyId } from '../../../lib/field-crypto';
import { sealNumbersAtStart } from '../../../lib/sealed-numbers';
import { openSecret, resealSecondFactorSecrets, type StoredSecretRow } from '../../../lib/sealed-secrets';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { codeStep, passwordStep } from '../../../../test-support/auth-fixtures';
import { totpCodeAt } from '../../../../test-support/authenticator';

// Issue 29, migration 065: the staff TOTP secret is sealed at rest like the identity numbers.
const keyA = randomBytes(32).toString('base64');
const keyB = randomBytes(32).toString('base64');
let t: TestApp;
let clock = new Date('2026-11-27T12:00:05Z');
beforeAll(async () => {
  t = await createTestApp({ DATA_ENCRYPTION_KEY: keyA });
  t.ctx.now = () => clock;
});
afterAll(() => t.close());

const PASSWORD = 'Staff#Sealed42';
let sequence = 0;
async function createStaff(): Promise<{ email: string; userId: number }> {
  const email = `sealed-factor${++sequence}@example.test`;
  const { rows } = await t.ctx.db.query<{ user_id: string | number }>(
    `INSERT INTO users (full_name, email, password_hash, role_id, phone_code, mobile_number, country_id)
     VALUES ($1, $2, $3, 2, '+234', $4, 1) RETURNING user_id`,
    [`Sealed ${sequence}`, email, await hashPassword(PASSWORD), String(8070000000 + sequence)],
  );
  return { email, userId: Number(rows[0].user_id) };
}

async function stored(userId: number): Promise<StoredSecretRow> {
  const { rows } = await t.ctx.db.query<StoredSecretRow>(
    'SELECT secret, secret_sealed FROM user_second_factors WHERE user_id = $1',
    [userId],
  );
  return rows[0];
}

async function signInWithCode(email: string, secret: string) {
  clock = new Date(clock.getTime() + 60_000);
  const first = await passwordStep(t.app, email, PASSWORD);
  expect(first.body.secondFactorRequired).toBe(true);
  return codeStep(t.app, { challenge: first.body.challenge, code: totpCodeAt(secret, clock) });
}

test('a secret set up now is stored sealed only, and signs in', async () => {
  const user = await createStaff();
  const token = (await passwordStep(t.app, user.email, PASSWORD)).body.token as string;
  const setup = await request(t.app)
    .post('/api/user/second-factor/setup')
    .set('Authorization', `Bearer ${token}`);
  const secret = setup.body.secret as string;
  const row = await stored(user.userId);
  expect(row.secret).toBeNull();
  expect(row.secret_sealed).toMatch(/^v1:/);
  expect(row.secret_sealed).not.toContain(secret);
  expect(openSecret(t.ctx.config.dataKeyring, row)).toBe(secret);
  const confirm = await request(t.app)
    .post('/api/user/second-factor/confirm')
    .set('Authorization', `Bearer ${token}`)
    .send({ code: totpCodeAt(secret, clock) });
  expect(confirm.status).toBe(200);
  expect((await signInWithCode(user.email, secret)).status).toBe(200);
});

test('a secret an older gateway left in clear is sealed at start; rotation re-seals it; sign-in works throughout', async () => {
  const user = await createStaff();
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  await t.ctx.db.query(
    `INSERT INTO user_second_factors (user_id, secret, confirmed_at, last_used_step, created_at)
     VALUES ($1, $2, now(), -1, now())`,
    [user.userId, secret],
  );
  expect((await signInWithCode(user.email, secret)).status).toBe(200);
  await sealNumbersAtStart(t.ctx);
  const sealed = await stored(user.userId);
  expect(sealed.secret).toBeNull();
  expect(sealed.secret_sealed!.split(':')[1]).toBe(dataKeyId(Buffer.from(keyA, 'base64')));
  expect((await signInWithCode(user.email, secret)).status).toBe(200);
  expect((await resealSecondFactorSecrets(t.ctx, 'clear')).rows).toBe(0);

  const rotating = {
    ...t.ctx,
    config: loadConfig({
      DATA_DIR: t.ctx.config.dataDir,
      DATA_ENCRYPTION_KEY: keyB,
      DATA_ENCRYPTION_OLD_KEYS: keyA,
    }),
  };
  const report = await resealSecondFactorSecrets(rotating, 'rotate');
  expect(report.unreadable).toBe(0);
  expect(report.rows).toBeGreaterThanOrEqual(1);
  const rotated = await stored(user.userId);
  expect(rotated.secret_sealed!.split(':')[1]).toBe(dataKeyId(Buffer.from(keyB, 'base64')));
  const onlyNew = loadConfig({ DATA_DIR: t.ctx.config.dataDir, DATA_ENCRYPTION_KEY: keyB }).dataKeyring;
  expect(openSecret(onlyNew, rotated)).toBe(secret);
  expect((await resealSecondFactorSecrets(rotating, 'rotate')).rows).toBe(0);
  // The database refuses a factor with no secret at all.
  await expect(
    t.ctx.db.query('UPDATE user_second_factors SET secret_sealed = NULL WHERE user_id = $1', [user.userId]),
  ).rejects.toThrow(/user_second_factors_secret_kept/);
});
