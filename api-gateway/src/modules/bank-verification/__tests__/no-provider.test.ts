import request from 'supertest';
import { bearer, createStaffUser } from '../../../../test-support/affiliate-fixtures';
import { readyRegistration } from '../../../../test-support/registration-flow';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';

jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('without a provider (the development default) nothing is counted, registration works as before, and the reviewer sees not verified', async () => {
  const ready = await readyRegistration(t, 'no.provider@example.test', '8050000001');
  const res = await ready.browser
    .post('/api/affiliate/resolve-account-name')
    .send({ email: ready.email, bankID: 8, accountNumber: '0123456789' });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    status: 'not-configured',
    accountName: null,
    message: 'Account names are not checked here; the reviewer will check the account.',
  });
  const { rows: buckets } = await t.ctx.db.query(
    `SELECT 1 FROM call_buckets WHERE scope LIKE 'bank-resolve:%'`,
  );
  expect(buckets).toHaveLength(0);

  expect((await ready.browser.post('/api/affiliate/submit-registration').send(ready.payload)).status).toBe(
    201,
  );
  const { rows } = await t.ctx.db.query<{ affiliate_id: string; bank_account_name: string | null }>(
    'SELECT affiliate_id, bank_account_name FROM affiliates WHERE email = $1',
    [ready.email],
  );
  expect(rows[0].bank_account_name).toBeNull();
  const staff = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2));
  const details = await request(t.app)
    .get(`/api/backoffice/affiliate-details/${rows[0].affiliate_id}`)
    .set('Authorization', staff);
  expect(details.status).toBe(200);
  expect(details.body.bankVerification).toBeNull();
});

test('/api/health tells staff which bank verification provider is configured, and nobody else', async () => {
  const staff = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1));
  expect((await request(t.app).get('/api/health').set('Authorization', staff)).body.bankVerification).toBe(
    'none',
  );
  expect((await request(t.app).get('/api/health')).body.bankVerification).toBeUndefined();
});
