import request from 'supertest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createAffiliate, createStaffUser } from '../../../../test-support/affiliate-fixtures';

/**
 * A decision carries the status it was made against (`expectedStatus`). When someone else decided first,
 * the open modal's Approve/Reject is a 409 saying who did what, not a bare 403 or a second decision.
 */
let t: TestApp;
let admin: string;
let secondAdmin: string;
let backoffice: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1, 'Ada Obi'));
  secondAdmin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1, 'Emeka Eze'));
  backoffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2, 'Bola Bello'));
});
afterAll(() => t.close());

function decide(token: string, body: Record<string, unknown>) {
  return request(t.app).post('/api/backoffice/affiliate/kyc').set('Authorization', token).send(body);
}

async function auditCount(affiliateId: number): Promise<number> {
  const { rows } = await t.ctx.db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM audit_log WHERE entity_type = 'affiliate' AND entity_id = $1`,
    [String(affiliateId)],
  );
  return Number(rows[0].n);
}

async function statusOf(affiliateId: number): Promise<string> {
  const { rows } = await t.ctx.db.query<{ status: string }>(
    'SELECT status FROM affiliates WHERE affiliate_id = $1',
    [affiliateId],
  );
  return rows[0].status;
}

test('back office rejecting from a modal opened before an admin approved: 409 naming the approver', async () => {
  const a = await createAffiliate(t.ctx.db);
  expect(
    (await decide(admin, { affiliateID: a.affiliateId, isActive: true, expectedStatus: 'KYC Pending' }))
      .status,
  ).toBe(200);

  const stale = await decide(backoffice, {
    affiliateID: a.affiliateId,
    isActive: false,
    remark: 'Selfie is blurred',
    expectedStatus: 'KYC Pending',
  });
  expect(stale.status).toBe(409);
  expect(stale.body).toEqual({ message: 'Already approved by Ada Obi.' });
  expect(await statusOf(a.affiliateId)).toBe('KYC Complete');
  expect(await auditCount(a.affiliateId)).toBe(1);
});

test('approving from a stale modal after a rejection: 409 naming who rejected, nothing changed', async () => {
  const a = await createAffiliate(t.ctx.db);
  expect(
    (await decide(backoffice, { affiliateID: a.affiliateId, isActive: false, remark: 'Wrong BVN' })).status,
  ).toBe(200);
  const stale = await decide(admin, {
    affiliateID: a.affiliateId,
    isActive: true,
    expectedStatus: 'KYC Pending',
  });
  expect(stale.status).toBe(409);
  expect(stale.body).toEqual({ message: 'Already rejected by Bola Bello.' });
  expect(await statusOf(a.affiliateId)).toBe('KYC Rejected');
});

test("an admin's Active on a modal whose affiliate was activated meanwhile: 409, not a second activation", async () => {
  const a = await createAffiliate(t.ctx.db, { status: 'Inactive' });
  const activate = (token: string) =>
    request(t.app)
      .post('/api/backoffice/affiliate/set-active?status=active')
      .set('Authorization', token)
      .send({ affiliateID: a.affiliateId, isActive: true, expectedStatus: 'Inactive' });
  expect((await activate(admin)).status).toBe(200);
  const stale = await activate(secondAdmin);
  expect(stale.status).toBe(409);
  expect(stale.body).toEqual({ message: 'Already activated by Ada Obi.' });
});

test('a status the log cannot explain still says where the affiliate is now', async () => {
  const a = await createAffiliate(t.ctx.db, { status: 'KYC Complete', firstDecisionAt: new Date() });
  const stale = await decide(admin, {
    affiliateID: a.affiliateId,
    isActive: true,
    expectedStatus: 'KYC Pending',
  });
  expect(stale.status).toBe(409);
  expect(stale.body).toEqual({ message: 'This affiliate is now KYC Complete.' });
});

test("without expectedStatus the spec's payload works as before", async () => {
  const a = await createAffiliate(t.ctx.db);
  const res = await decide(backoffice, { affiliateID: a.affiliateId, isActive: true, remark: null });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ message: 'Approved successfully.', status: 'KYC Complete' });
});

test('an expectedStatus that is no status is a 400 with its field named', async () => {
  const a = await createAffiliate(t.ctx.db);
  const res = await decide(admin, { affiliateID: a.affiliateId, isActive: true, expectedStatus: 'Approved' });
  expect(res.status).toBe(400);
  expect(res.body.errors).toHaveProperty('expectedStatus');
  expect(await statusOf(a.affiliateId)).toBe('KYC Pending');
});

test('two admins deciding at once against the same status: one 2xx, one 409, one audit row', async () => {
  const a = await createAffiliate(t.ctx.db);
  const results = await Promise.all([
    decide(admin, { affiliateID: a.affiliateId, isActive: true, expectedStatus: 'KYC Pending' }),
    decide(secondAdmin, {
      affiliateID: a.affiliateId,
      isActive: false,
      remark: 'Account name differs',
      expectedStatus: 'KYC Pending',
    }),
  ]);
  expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
  const winner = results.find((res) => res.status === 200);
  const loser = results.find((res) => res.status === 409);
  expect(loser?.body.message).toBe(
    winner?.body.status === 'KYC Complete'
      ? 'Already approved by Ada Obi.'
      : 'Already rejected by Emeka Eze.',
  );
  expect(await statusOf(a.affiliateId)).toBe(winner?.body.status);
  expect(await auditCount(a.affiliateId)).toBe(1);
  const { rows } = await t.ctx.db.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM outbox WHERE recipient = $1',
    [a.email],
  );
  expect(Number(rows[0].n)).toBe(1);
});
