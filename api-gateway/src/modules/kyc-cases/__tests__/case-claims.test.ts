import request from 'supertest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createAffiliate, createStaffUser } from '../../../../test-support/affiliate-fixtures';

/**
 * Issue 50, part 1: the KYC queue as cases one reviewer holds at a time. The claim is the row's reviewer, so these
 * tests read the outcome from the answers and the audit history the modal shows.
 */
let t: TestApp;
let admin: string;
let ada: string;
let bola: string;
let adaId: number;
let bolaId: number;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1, 'Chika Admin'));
  adaId = await createStaffUser(t.ctx.db, 2, 'Ada Obi');
  bolaId = await createStaffUser(t.ctx.db, 2, 'Bola Bello');
  ada = await bearer(t.ctx, adaId);
  bola = await bearer(t.ctx, bolaId);
});
afterAll(() => t.close());

// Each test starts from an empty queue: cases of earlier tests are decided away.
beforeEach(() =>
  t.ctx.db.query(`UPDATE affiliates SET status = 'KYC Rejected' WHERE status = 'KYC Pending'`),
);

const post = (token: string, path: string, body?: object) =>
  request(t.app)
    .post(`/api/backoffice/kyc${path}`)
    .set('Authorization', token)
    .send(body ?? {});
const queue = (token: string, query = '') =>
  request(t.app).get(`/api/backoffice/kyc/queue${query}`).set('Authorization', token);
const history = async (affiliateId: number) =>
  (await request(t.app).get(`/api/backoffice/affiliate-details/${affiliateId}`).set('Authorization', admin))
    .body.history as { action: string; actorName: string; remark: string | null }[];

test('a case claimed by one reviewer is refused to another, who is told who holds it; the holder may open it again', async () => {
  const a = await createAffiliate(t.ctx.db);
  const first = await post(ada, `/case/${a.affiliateId}/claim`);
  expect(first.status).toBe(200);
  expect(first.body.message).toBe('Case claimed.');
  expect(first.body.case.claim).toMatchObject({ reviewerID: adaId, reviewerName: 'Ada Obi' });

  const second = await post(bola, `/case/${a.affiliateId}/claim`);
  expect(second.status).toBe(409);
  expect(second.body).toEqual({ message: 'Ada Obi is reviewing this case.' });

  const again = await post(ada, `/case/${a.affiliateId}/claim`);
  expect(again.status).toBe(200);
  expect(again.body.message).toBe('You are already reviewing this case.');
  expect(again.body.case.claim.claimedOn).toBe(first.body.case.claim.claimedOn);

  // One claim row in the history, not one per open.
  expect((await history(a.affiliateId)).filter((row) => row.action === 'kyc.claim')).toHaveLength(1);
});

test('the modal’s approve by another reviewer is refused while the case is held; the holder decides it', async () => {
  const a = await createAffiliate(t.ctx.db);
  await post(ada, `/case/${a.affiliateId}/claim`);
  const byBola = await request(t.app)
    .post('/api/backoffice/affiliate/kyc')
    .set('Authorization', bola)
    .send({ affiliateID: a.affiliateId, isActive: true });
  expect(byBola.status).toBe(409);
  expect(byBola.body).toEqual({ message: 'Ada Obi is reviewing this case.' });

  const byAda = await request(t.app)
    .post('/api/backoffice/affiliate/kyc')
    .set('Authorization', ada)
    .send({ affiliateID: a.affiliateId, isActive: true });
  expect(byAda.status).toBe(200);
  expect(byAda.body.message).toBe('Approved successfully.');
  // Decided: out of the queue, its claim with it.
  expect((await queue(ada)).body.totalCount).toBe(0);
  expect((await post(ada, `/case/${a.affiliateId}/claim`)).body).toEqual({
    message: 'This affiliate is not waiting for KYC review.',
  });
});

test('an unclaimed case is decided from the seed’s modal exactly as before', async () => {
  const a = await createAffiliate(t.ctx.db);
  const res = await request(t.app)
    .post('/api/backoffice/affiliate/kyc')
    .set('Authorization', bola)
    .send({ affiliateID: a.affiliateId, isActive: false, remark: 'Selfie is blurred' });
  expect(res.status).toBe(200);
  expect(res.body.message).toBe('Rejected successfully.');
});

test('a claim left idle for 30 minutes lapses and the next reviewer may take it', async () => {
  const a = await createAffiliate(t.ctx.db);
  await post(ada, `/case/${a.affiliateId}/claim`);
  t.advanceClock(29 * 60_000);
  expect((await post(bola, `/case/${a.affiliateId}/claim`)).status).toBe(409);
  t.advanceClock(2 * 60_000);
  const listed = await queue(bola, '?show=unclaimed');
  expect(listed.body.results.map((row: { affiliateID: number }) => row.affiliateID)).toEqual([a.affiliateId]);
  expect(listed.body.results[0].claim).toBeNull();
  const taken = await post(bola, `/case/${a.affiliateId}/claim`);
  expect(taken.status).toBe(200);
  expect(taken.body.case.claim.reviewerName).toBe('Bola Bello');
  // Ada's lapsed claim cannot be released by her any more.
  expect((await post(ada, `/case/${a.affiliateId}/release`)).body).toEqual({
    message: 'You are not reviewing this case.',
  });
});

test('Claim next takes the oldest free case, then gives back the held one; an empty queue says so', async () => {
  const now = t.ctx.now().getTime();
  const older = await createAffiliate(t.ctx.db, { createdDate: new Date(now - 30 * HOUR) });
  const newer = await createAffiliate(t.ctx.db, { createdDate: new Date(now - 2 * HOUR) });
  await post(bola, `/case/${older.affiliateId}/claim`);

  const next = await post(ada, '/claim-next');
  expect(next.status).toBe(200);
  expect(next.body.case).toMatchObject({ affiliateID: newer.affiliateId, ageHours: 2, overTarget: false });
  const again = await post(ada, '/claim-next');
  expect(again.body).toMatchObject({
    message: 'You are already reviewing this case.',
    case: { affiliateID: newer.affiliateId },
  });

  expect((await post(ada, `/case/${newer.affiliateId}/release`)).body).toEqual({
    message: 'Case released.',
    affiliateID: newer.affiliateId,
  });
  await post(ada, '/claim-next');
  const empty = await post(admin, '/claim-next');
  expect(empty.status).toBe(404);
  expect(empty.body).toEqual({ message: 'No cases are waiting for a reviewer.' });
});

test('the queue by age and by risk, with each case’s age against the 24 h target and who holds it', async () => {
  const now = t.ctx.now().getTime();
  const old = await createAffiliate(t.ctx.db, { createdDate: new Date(now - 50 * HOUR) });
  const risky = await createAffiliate(t.ctx.db, { createdDate: new Date(now - 1 * HOUR) });
  const twin = await createAffiliate(t.ctx.db, { status: 'KYC Complete' });
  await t.ctx.db.query(
    `INSERT INTO affiliate_flags (affiliate_id, kind, other_affiliate_id) VALUES ($1, 'ninOrBVN', $2)`,
    [risky.affiliateId, twin.affiliateId],
  );
  await t.ctx.db.query(
    `UPDATE affiliates SET bank_account_name = 'SOMEONE ELSE', bank_name_match_score = 20, bank_resolution_ref = 'r',
            bank_resolved_at = now() WHERE affiliate_id = $1`,
    [risky.affiliateId],
  );
  await post(ada, `/case/${old.affiliateId}/claim`);

  const byAge = (await queue(bola)).body;
  expect(byAge).toMatchObject({ totalCount: 2, pageNo: 1, pageSize: 25, targetHours: 24 });
  expect(byAge.results.map((row: { affiliateID: number }) => row.affiliateID)).toEqual([
    old.affiliateId,
    risky.affiliateId,
  ]);
  expect(byAge.results[0]).toMatchObject({
    ageHours: 50,
    overTarget: true,
    risks: [],
    claim: { reviewerName: 'Ada Obi' },
  });
  expect(byAge.results[1]).toMatchObject({
    overTarget: false,
    risks: ['duplicateIdentity', 'lowNameMatch'],
    claim: null,
  });

  const byRisk = (await queue(bola, '?sort=risk')).body;
  expect(byRisk.results.map((row: { affiliateID: number }) => row.affiliateID)).toEqual([
    risky.affiliateId,
    old.affiliateId,
  ]);
  expect(
    (await queue(ada, '?show=mine')).body.results.map((row: { affiliateID: number }) => row.affiliateID),
  ).toEqual([old.affiliateId]);
  expect((await queue(bola, '?show=unclaimed&pageSize=1')).body).toMatchObject({
    totalCount: 1,
    pageSize: 1,
  });

  const dashboard = await request(t.app).get('/api/user/dashboard').set('Authorization', bola);
  expect(dashboard.body.kycQueue).toEqual({ waiting: 2, overTarget: 1, oldestHours: 50, targetHours: 24 });
});

test('a case back from re-KYC waits from its return, not from its registration', async () => {
  const now = t.ctx.now().getTime();
  const a = await createAffiliate(t.ctx.db, {
    createdDate: new Date(now - 100 * HOUR),
    status: 'KYC Rejected',
  });
  await t.ctx.db.query(
    `UPDATE affiliates SET status = 'KYC Pending', updated_date = $2 WHERE affiliate_id = $1`,
    [a.affiliateId, new Date(now - 3 * HOUR)],
  );
  expect((await queue(ada)).body.results[0]).toMatchObject({ affiliateID: a.affiliateId, ageHours: 3 });
});

test('an admin reassigns a held case; the history names both reviewers; back office may not reassign', async () => {
  const a = await createAffiliate(t.ctx.db);
  await post(ada, `/case/${a.affiliateId}/claim`);
  expect((await post(bola, `/case/${a.affiliateId}/reassign`, { reviewerID: bolaId })).status).toBe(403);

  const moved = await post(admin, `/case/${a.affiliateId}/reassign`, { reviewerID: bolaId });
  expect(moved.status).toBe(200);
  expect(moved.body).toMatchObject({
    message: 'Case reassigned.',
    case: { claim: { reviewerName: 'Bola Bello' } },
  });
  expect((await post(ada, `/case/${a.affiliateId}/claim`)).body).toEqual({
    message: 'Bola Bello is reviewing this case.',
  });
  const reassigned = (await history(a.affiliateId)).find((row) => row.action === 'kyc.reassign');
  expect(reassigned).toMatchObject({ actorName: 'Chika Admin', remark: 'From Ada Obi to Bola Bello' });

  const reviewers = await request(t.app).get('/api/backoffice/kyc/reviewers').set('Authorization', admin);
  expect(reviewers.body).toEqual(
    expect.arrayContaining([{ userID: bolaId, fullName: 'Bola Bello', role: 'Backoffice' }]),
  );
});

test('hostile input: odd ids, unknown reviewers and bad queue parameters are 4xx with a message', async () => {
  const a = await createAffiliate(t.ctx.db);
  for (const id of ['0', '-1', 'abc', '9'.repeat(40), '1%00']) {
    const res = await post(ada, `/case/${id}/claim`);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  }
  expect((await post(ada, '/case/999999999/claim')).body).toEqual({ message: 'Affiliate not found.' });
  for (const reviewerID of [0, 'x', 999999999, { a: 1 }, 1e300]) {
    const res = await post(admin, `/case/${a.affiliateId}/reassign`, { reviewerID });
    expect(res.status).toBe(400);
  }
  const affiliateUser = await t.ctx.db.query<{ user_id: number }>(
    'SELECT user_id FROM affiliates WHERE affiliate_id = $1',
    [a.affiliateId],
  );
  expect(
    (await post(admin, `/case/${a.affiliateId}/reassign`, { reviewerID: affiliateUser.rows[0].user_id }))
      .body,
  ).toEqual({
    message: 'The reviewer must be an active back-office or admin user.',
  });
  for (const query of [
    '?sort=x',
    '?show=none',
    '?page=0',
    '?pageSize=101',
    `?sort=${'a'.repeat(5_000)}`,
    '?show=%00',
  ]) {
    expect((await queue(ada, query)).status).toBe(400);
  }
  const affiliate = await bearer(t.ctx, (await createAffiliate(t.ctx.db, { status: 'KYC Complete' })).userId);
  expect((await queue(affiliate)).status).toBe(403);
  expect((await post(affiliate, '/claim-next')).status).toBe(403);
});
