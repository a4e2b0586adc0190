import request from 'supertest';
import {
  LoginResponse,
  OurMessages,
  RECOVERY_CODE_COUNT,
  RoleId,
  SecondFactorMessages as M,
} from '@portal/contracts';
import { hashPassword } from '../../../auth/password';
import { ConfigError, loadConfig } from '../../../config';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../../../seed/demo-accounts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { codeStep, passwordStep, signIn } from '../../../../test-support/auth-fixtures';
import { ACCOUNT_FAILURE_LIMIT } from '../lockout';
import { totpCodeAt } from '../../../../test-support/authenticator';

// Issue 29, a second factor for staff. The app's clock is pinned (and moved by the tests), so which 30-second
// step a code belongs to never depends on when the test runs.
let t: TestApp;
let clock = new Date('2026-11-27T12:00:05Z');
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoAccounts(t.ctx.db);
  t.ctx.now = () => clock;
});
afterAll(() => t.close());

const PASSWORD = 'Staff#Second42';
let sequence = 0;

async function createStaff(roleId: 1 | 2): Promise<{ email: string; userId: number }> {
  const email = `second-factor${++sequence}.${roleId}@example.test`;
  const { rows } = await t.ctx.db.query<{ user_id: string | number }>(
    `INSERT INTO users (full_name, email, password_hash, role_id, phone_code, mobile_number, country_id)
     VALUES ($1, $2, $3, $4, '+234', $5, 1) RETURNING user_id`,
    [`Staff ${sequence}`, email, await hashPassword(PASSWORD), roleId, String(8060000000 + sequence)],
  );
  return { email, userId: Number(rows[0].user_id) };
}

const get = (path: string, token: string) =>
  request(t.app).get(`/api${path}`).set('Authorization', `Bearer ${token}`);
const post = (path: string, token: string, body: object = {}) =>
  request(t.app).post(`/api${path}`).set('Authorization', `Bearer ${token}`).send(body);

/** Sets up an authenticator for the signed-in user; answers its secret and recovery codes. */
async function enrol(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await post('/user/second-factor/setup', token);
  expect(setup.status).toBe(200);
  const secret = setup.body.secret as string;
  const confirm = await post('/user/second-factor/confirm', token, { code: totpCodeAt(secret, clock) });
  expect(confirm.status).toBe(200);
  return { secret, recoveryCodes: confirm.body.recoveryCodes as string[] };
}

/** A staff user with a confirmed second factor, and the clock moved past the step its confirmation used. */
async function enrolledStaff(roleId: 1 | 2 = 2) {
  const user = await createStaff(roleId);
  const first = await passwordStep(t.app, user.email, PASSWORD);
  const enrolment = await enrol(first.body.token as string);
  nextStep();
  return { ...user, ...enrolment };
}

function nextStep(): void {
  clock = new Date(clock.getTime() + 30_000);
}

async function challengeFor(email: string): Promise<string> {
  const res = await passwordStep(t.app, email, PASSWORD);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    secondFactorRequired: true,
    challenge: expect.any(String),
    message: M.codeNeeded,
  });
  return res.body.challenge as string;
}

describe('enrolment', () => {
  test('a back-office user without a second factor signs in exactly as before, then sets one up from Profile', async () => {
    const { email } = await createStaff(2);
    const login = await passwordStep(t.app, email, PASSWORD);
    expect(login.status).toBe(200);
    expect(Object.keys(login.body).sort()).toEqual(
      [
        'email',
        'expiresAt',
        'forcePasswordUpdate',
        'fullName',
        'roleID',
        'token',
        'userRights',
        'userRole',
      ].sort(),
    );
    const token = login.body.token as string;
    expect((await get('/user/second-factor', token)).body).toEqual({
      enrolled: false,
      required: false,
      recoveryCodesLeft: 0,
    });

    const setup = await post('/user/second-factor/setup', token);
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,/);
    // Nothing changes for sign-in until the first code confirms it.
    expect((await passwordStep(t.app, email, PASSWORD)).body.token).toEqual(expect.any(String));

    const wrong = await post('/user/second-factor/confirm', token, { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(M.codeWrong);

    const confirm = await post('/user/second-factor/confirm', token, {
      code: totpCodeAt(setup.body.secret as string, clock),
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(confirm.body.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of confirm.body.recoveryCodes) expect(code).toMatch(/^([A-Z2-7]{4}-){3}[A-Z2-7]{4}$/);
    // Only hashes are kept.
    const stored = await t.ctx.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM second_factor_recovery_codes c JOIN users u USING (user_id) WHERE u.email = $1',
      [email],
    );
    expect(stored.rows).toHaveLength(RECOVERY_CODE_COUNT);
    expect(stored.rows.map((row) => row.code_hash)).not.toContain(confirm.body.recoveryCodes[0]);
    expect((await get('/user/second-factor', token)).body).toEqual({
      enrolled: true,
      required: false,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
    });
    expect((await post('/user/second-factor/setup', token)).status).toBe(409);
  });

  test('an admin without a second factor may do nothing but enrol (403 with a message elsewhere), then everything', async () => {
    const { email } = await createStaff(1);
    const login = await passwordStep(t.app, email, PASSWORD);
    expect(login.status).toBe(200);
    expect(login.body.secondFactorEnrolment).toBe(true);
    const token = login.body.token as string;
    for (const path of ['/user/dashboard', '/user/profile', '/admin/user']) {
      const blocked = await get(path, token);
      expect(blocked.status).toBe(403);
      expect(blocked.body).toEqual({ message: M.enrolmentRequired });
    }
    expect((await post('/admin/user/second-factor/reset/1', token)).status).toBe(403);
    expect((await get('/user/second-factor', token)).body).toMatchObject({ enrolled: false, required: true });

    await enrol(token);
    expect((await get('/user/dashboard', token)).status).toBe(200);
    // From now on the password step asks for a code.
    nextStep();
    expect((await passwordStep(t.app, email, PASSWORD)).body.secondFactorRequired).toBe(true);
  });

  test('affiliates are not asked and may not enrol', async () => {
    const login = await passwordStep(t.app, DEMO_ACCOUNTS.affiliate.email, DEMO_ACCOUNTS.affiliate.password);
    expect(LoginResponse.strict().parse(login.body).roleID).toBe(RoleId.Affiliate);
    const setup = await post('/user/second-factor/setup', login.body.token as string);
    expect(setup.status).toBe(403);
    expect(setup.body).toEqual({ message: M.staffOnly });
  });
});

describe('sign-in with a code', () => {
  test('the password step answers a challenge, the code step the token; the challenge is no session token', async () => {
    const { email, secret } = await enrolledStaff();
    const challenge = await challengeFor(email);
    expect((await get('/user/profile', challenge)).status).toBe(401);
    const res = await codeStep(t.app, { challenge, code: totpCodeAt(secret, clock) });
    expect(res.status).toBe(200);
    const body = LoginResponse.parse(res.body);
    expect((await get('/user/profile', body.token)).status).toBe(200);
  });

  test('a code of the previous or next step is accepted (±30 s of skew); two steps away it is not', async () => {
    const { email, secret } = await enrolledStaff();
    nextStep(); // the step before is then not the one the enrolment used
    const before = new Date(clock.getTime() - 30_000);
    expect(
      (await codeStep(t.app, { challenge: await challengeFor(email), code: totpCodeAt(secret, before) }))
        .status,
    ).toBe(200);
    nextStep();
    nextStep();
    const later = new Date(clock.getTime() + 30_000);
    expect(
      (await codeStep(t.app, { challenge: await challengeFor(email), code: totpCodeAt(secret, later) }))
        .status,
    ).toBe(200);
    nextStep();
    nextStep();
    nextStep();
    const stale = new Date(clock.getTime() - 60_000);
    const refused = await codeStep(t.app, {
      challenge: await challengeFor(email),
      code: totpCodeAt(secret, stale),
    });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: M.codeWrong });
  });

  test('a code is accepted once: the same code again, or an older one, is refused', async () => {
    const { email, secret } = await enrolledStaff();
    const code = totpCodeAt(secret, clock);
    expect((await codeStep(t.app, { challenge: await challengeFor(email), code })).status).toBe(200);
    const replay = await codeStep(t.app, { challenge: await challengeFor(email), code });
    expect(replay.status).toBe(401);
    const older = totpCodeAt(secret, new Date(clock.getTime() - 30_000));
    expect((await codeStep(t.app, { challenge: await challengeFor(email), code: older })).status).toBe(401);
  });

  test('the same right code sent at once signs in exactly once', async () => {
    const { email, secret } = await enrolledStaff();
    const challenge = await challengeFor(email);
    const code = totpCodeAt(secret, clock);
    const answers = await Promise.all(Array.from({ length: 6 }, () => codeStep(t.app, { challenge, code })));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.status === 401)).toHaveLength(5);
  });

  test('a recovery code signs in once', async () => {
    const { email, recoveryCodes } = await enrolledStaff();
    const recoveryCode = recoveryCodes[3].toLowerCase(); // typed in lower case: still the code
    expect((await codeStep(t.app, { challenge: await challengeFor(email), recoveryCode })).status).toBe(200);
    const again = await codeStep(t.app, { challenge: await challengeFor(email), recoveryCode });
    expect(again.status).toBe(401);
    const token = (
      await codeStep(t.app, { challenge: await challengeFor(email), recoveryCode: recoveryCodes[4] })
    ).body.token as string;
    expect((await get('/user/second-factor', token)).body.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 2);
  });

  test('wrong codes count toward the lockout: after the limit even the right code is refused', async () => {
    const { email, secret } = await enrolledStaff();
    const challenge = await challengeFor(email);
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
      const wrong = await codeStep(t.app, { challenge, code: String(100000 + i) });
      expect(wrong.status).toBe(401);
    }
    const locked = await codeStep(t.app, { challenge, code: totpCodeAt(secret, clock) });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: OurMessages.tooManyAttempts(15) });
    expect((await passwordStep(t.app, email, PASSWORD)).status).toBe(429);
  });

  test('parallel wrong codes are counted one after the other: no more than the limit are ever checked', async () => {
    const { email } = await enrolledStaff();
    const challenge = await challengeFor(email);
    const answers = await Promise.all(
      Array.from({ length: ACCOUNT_FAILURE_LIMIT + 6 }, (_, i) =>
        codeStep(t.app, { challenge, code: String(200000 + i) }),
      ),
    );
    expect(answers.filter((res) => res.status === 401)).toHaveLength(ACCOUNT_FAILURE_LIMIT);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(6);
  });

  test('a forged, expired or malformed challenge is refused; hostile bodies get 400 with a message', async () => {
    const { email, secret } = await enrolledStaff();
    const challenge = await challengeFor(email);
    expect((await codeStep(t.app, { challenge: `${challenge}x`, code: '123456' })).body).toEqual({
      message: M.challengeExpired,
    });
    clock = new Date(clock.getTime() + 6 * 60_000);
    expect((await codeStep(t.app, { challenge, code: totpCodeAt(secret, clock) })).status).toBe(401);
    for (const body of [
      { challenge, code: '12345' },
      { challenge, code: '123456', recoveryCode: 'ABCD-EFGH-JKLM-NPQR' },
      { challenge },
      { challenge, code: 123456 },
      { challenge, recoveryCode: 'x'.repeat(1_000_000) },
      { challenge: 'x'.repeat(5000), code: '123456' },
      { challenge, code: '12\u00003456' },
    ]) {
      const res = await request(t.app).post('/api/login/second-factor').send(body);
      expect([400, 413]).toContain(res.status); // 413: over the body limit
      expect(res.body.message).toEqual(expect.any(String));
    }
  });
});

describe('turning off and resetting', () => {
  test('a user turns their own off only with a code or a recovery code; wrong ones are refused', async () => {
    const { email, recoveryCodes } = await enrolledStaff();
    const token = (await signIn(t.app, email, PASSWORD)).body.token as string;
    const wrong = await post('/user/second-factor/remove', token, { recoveryCode: 'AAAA-BBBB-CCCC-DDDD' });
    expect(wrong.status).toBe(401);
    expect((await post('/user/second-factor/remove', token, {})).status).toBe(400);
    const removed = await post('/user/second-factor/remove', token, { recoveryCode: recoveryCodes[0] });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: M.removed });
    expect((await passwordStep(t.app, email, PASSWORD)).body.token).toEqual(expect.any(String));
  });

  test("an admin resets another staff user's second factor: audited, signed out, sets it up again at next sign-in", async () => {
    const admin = await enrolledStaff(1);
    const other = await enrolledStaff(1);
    const adminToken = (await signIn(t.app, admin.email, PASSWORD)).body.token as string;
    const otherToken = (await signIn(t.app, other.email, PASSWORD)).body.token as string;

    const reset = await post(`/admin/user/second-factor/reset/${other.userId}`, adminToken);
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: M.resetDone, userID: other.userId });
    expect((await get('/user/profile', otherToken)).status).toBe(401);
    const audit = await t.ctx.db.query<{ actor_user_id: string | number }>(
      "SELECT actor_user_id FROM audit_log WHERE action = 'user.second_factor_reset' AND entity_id = $1",
      [String(other.userId)],
    );
    expect(audit.rows.map((row) => Number(row.actor_user_id))).toEqual([admin.userId]);
    const again = await passwordStep(t.app, other.email, PASSWORD);
    expect(again.body.secondFactorEnrolment).toBe(true);

    // Twice, oneself, an affiliate, nobody.
    expect((await post(`/admin/user/second-factor/reset/${other.userId}`, adminToken)).status).toBe(409);
    const self = await post(`/admin/user/second-factor/reset/${admin.userId}`, adminToken);
    expect(self.status).toBe(409);
    expect(self.body).toEqual({ message: M.resetSelf });
    const { rows } = await t.ctx.db.query<{ user_id: number }>(
      'SELECT user_id FROM users WHERE role_id = 3 LIMIT 1',
    );
    expect((await post(`/admin/user/second-factor/reset/${rows[0].user_id}`, adminToken)).status).toBe(409);
    expect((await post('/admin/user/second-factor/reset/999999999', adminToken)).status).toBe(404);
    expect((await post('/admin/user/second-factor/reset/-1', adminToken)).status).toBe(400);
  });

  test('a back-office user may not reset anyone', async () => {
    const target = await enrolledStaff(2);
    const { email } = await createStaff(2);
    const token = (await passwordStep(t.app, email, PASSWORD)).body.token as string;
    expect((await post(`/admin/user/second-factor/reset/${target.userId}`, token)).status).toBe(403);
  });
});

describe('the setting', () => {
  test('ADMIN_SECOND_FACTOR is required by default and optional is refused in production', () => {
    const base = {
      DATA_DIR: t.ctx.config.dataDir,
      JWT_SECRET: 'x'.repeat(40),
      LOG_LEVEL: 'silent',
      // Production needs the data key too (issue 29, numbers at rest).
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    };
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).adminSecondFactor).toBe('required');
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).adminSecondFactor).toBe('required');
    expect(
      loadConfig({ ...base, NODE_ENV: 'development', ADMIN_SECOND_FACTOR: 'optional' }).adminSecondFactor,
    ).toBe('optional');
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', ADMIN_SECOND_FACTOR: 'optional' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ ...base, ADMIN_SECOND_FACTOR: 'sometimes' })).toThrow(ConfigError);
  });

  test('with ADMIN_SECOND_FACTOR=optional an admin without one signs in as before', async () => {
    const optional = await createTestApp({ ADMIN_SECOND_FACTOR: 'optional' });
    try {
      await seedDemoAccounts(optional.ctx.db, new Date(), { adminSecondFactor: false });
      const res = await passwordStep(optional.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
      expect(res.status).toBe(200);
      expect(res.body.secondFactorEnrolment).toBeUndefined();
      const dashboard = await request(optional.app)
        .get('/api/user/dashboard')
        .set('Authorization', `Bearer ${res.body.token as string}`);
      expect(dashboard.status).toBe(200);
    } finally {
      await optional.close();
    }
  });

  test("the demo admin is enrolled with the README's fixed secret", async () => {
    const res = await signIn(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
    expect(DEMO_ACCOUNTS.admin.totpSecret).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
  });
});
