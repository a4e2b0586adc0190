import request from 'supertest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createAffiliate, createStaffUser } from '../../../../test-support/affiliate-fixtures';

/**
 * Issue 50 part 4: approving a risky case (name match below the threshold, an authority check that failed or did
 * not run) waits for a second, different reviewer. Both are in the affiliate's history.
 */
let t: TestApp;
let ada: string;
let bola: string;
let chidi: string;
let admin: string;
let adaId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1, 'Chika Admin'));
  adaId = await createStaffUser(t.ctx.db, 2, 'Ada Obi');
  ada = await bearer(t.ctx, adaId);
  bola = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2, 'Bola Bello'));
  chidi = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2, 'Chidi Eze'));
});
afterAll(() => t.close());
afterEach(() => {
  t.ctx.authorityCheck = undefined;
});

const approve = (token: string, affiliateID: number, remark?: string) =>
  request(t.app)
    .post('/api/backoffice/affiliate/kyc')
    .set('Authorization', token)
    .send({ affiliateID, isActive: true, remark });
const reject = (token: string, affiliateID: number) =>
  request(t.app)
    .post('/api/backoffice/affiliate/kyc')
    .set('Authorization', token)
    .send({ affiliateID, isActive: false, remark: 'Not the same person' });
const review = (token: string, affiliateId: number) =>
  request(t.app).get(`/api/backoffice/kyc/case/${affiliateId}/review`).set('Authorization', token);
const status = async (affiliateId: number) =>
  (
    await t.ctx.db.query<{ status: string }>('SELECT status FROM affiliates WHERE affiliate_id = $1', [
      affiliateId,
    ])
  ).rows[0].status;
const history = async (affiliateId: number) =>
  (await request(t.app).get(`/api/backoffice/affiliate-details/${affiliateId}`).set('Authorization', admin))
    .body.history as { action: string; actorName: string; remark: string | null }[];

async function lowNameMatch() {
  const affiliate = await createAffiliate(t.ctx.db, { passwordHash: 'x', firstDecisionAt: new Date() });
  await t.ctx.db.query(
    `UPDATE affiliates SET bank_account_name = 'OKAFOR CHIDI', bank_name_match_score = 40,
            bank_resolution_ref = 'test', bank_resolved_at = now() WHERE affiliate_id = $1`,
    [affiliate.affiliateId],
  );
  return affiliate;
}

test('a low name match waits for the second reviewer; the first cannot confirm their own', async () => {
  const affiliate = await lowNameMatch();
  expect((await review(ada, affiliate.affiliateId)).body.approvalRisks).toEqual(['lowNameMatch']);
  await request(t.app)
    .post(`/api/backoffice/kyc/case/${affiliate.affiliateId}/claim`)
    .set('Authorization', ada);

  const first = await approve(ada, affiliate.affiliateId, 'Name differs by a middle name');
  expect(first.status).toBe(200);
  expect(first.body).toEqual({
    message: 'Approval recorded. A second reviewer must confirm it.',
    affiliateID: affiliate.affiliateId,
    status: 'KYC Pending',
  });
  expect(await status(affiliate.affiliateId)).toBe('KYC Pending');
  const waiting = (await review(bola, affiliate.affiliateId)).body.pendingApproval;
  expect(waiting).toMatchObject({
    requestedByID: adaId,
    requestedByName: 'Ada Obi',
    remark: 'Name differs by a middle name',
    reasons: ['lowNameMatch'],
    requestedByYou: false,
  });
  expect((await review(ada, affiliate.affiliateId)).body.pendingApproval.requestedByYou).toBe(true);

  // While it waits, the one who asked cannot hold the case, nor get it from Claim next.
  const reclaim = await request(t.app)
    .post(`/api/backoffice/kyc/case/${affiliate.affiliateId}/claim`)
    .set('Authorization', ada);
  expect(reclaim.status).toBe(409);
  expect(reclaim.body).toEqual({
    message: 'You asked for this approval: a different reviewer must confirm it.',
  });
  await t.ctx.db.query(
    `UPDATE affiliates SET status = 'KYC Rejected' WHERE status = 'KYC Pending' AND affiliate_id <> $1`,
    [affiliate.affiliateId],
  );
  const next = await request(t.app).post('/api/backoffice/kyc/claim-next').set('Authorization', ada);
  expect(next.status).toBe(404);

  const own = await approve(ada, affiliate.affiliateId);
  expect(own.status).toBe(409);
  expect(own.body).toEqual({ message: 'You asked for this approval: a different reviewer must confirm it.' });
  expect(await status(affiliate.affiliateId)).toBe('KYC Pending');

  // The first reviewer's claim was given back, so the second can take the case and confirm.
  const claim = await request(t.app)
    .post(`/api/backoffice/kyc/case/${affiliate.affiliateId}/claim`)
    .set('Authorization', bola);
  expect(claim.status).toBe(200);
  const second = await approve(bola, affiliate.affiliateId);
  expect(second.status).toBe(200);
  expect(second.body.message).toBe('Approved successfully.');
  expect(await status(affiliate.affiliateId)).toBe('KYC Complete');

  const rows = await history(affiliate.affiliateId);
  expect(rows.map((row) => [row.action, row.actorName])).toEqual(
    expect.arrayContaining([
      ['kyc.approval-requested', 'Ada Obi'],
      ['affiliate.approve', 'Bola Bello'],
    ]),
  );
});

test('the database refuses a confirmation by the one who asked, whatever the code does', async () => {
  const affiliate = await lowNameMatch();
  await approve(ada, affiliate.affiliateId);
  await expect(
    t.ctx.db.query(
      `UPDATE kyc_approval_requests SET status = 'confirmed', closed_by = requested_by, closed_at = now()
        WHERE affiliate_id = $1`,
      [affiliate.affiliateId],
    ),
  ).rejects.toThrow(/kyc_approval_requests_second_is_not_first/);
  await expect(
    t.ctx.db.query(
      `INSERT INTO kyc_approval_requests (affiliate_id, requested_by, requested_at, reasons, status)
       VALUES ($1, $2, now(), ARRAY['lowNameMatch'], 'awaiting-second')`,
      [affiliate.affiliateId, adaId],
    ),
  ).rejects.toThrow(/kyc_approval_requests_one_waiting_idx/);
});

test('an authority check that failed, or did not run while in use, needs four eyes; not in use it does not', async () => {
  const plain = await createAffiliate(t.ctx.db, { passwordHash: 'x', firstDecisionAt: new Date() });
  expect((await review(ada, plain.affiliateId)).body.approvalRisks).toEqual([]);

  t.ctx.authorityCheck = { inUse: true, outcome: () => Promise.resolve('not-run') };
  expect((await review(ada, plain.affiliateId)).body.approvalRisks).toEqual(['authorityNotRun']);
  t.ctx.authorityCheck = { inUse: true, outcome: () => Promise.resolve('failed') };
  expect((await review(ada, plain.affiliateId)).body.approvalRisks).toEqual(['authorityFailed']);
  const first = await approve(ada, plain.affiliateId);
  expect(first.body.message).toBe('Approval recorded. A second reviewer must confirm it.');

  t.ctx.authorityCheck = { inUse: true, outcome: () => Promise.resolve('passed') };
  const other = await createAffiliate(t.ctx.db, { passwordHash: 'x', firstDecisionAt: new Date() });
  expect((await approve(ada, other.affiliateId)).body.message).toBe('Approved successfully.');
});

test("the stored identity check decides with a real authority (smile_id); the log provider's demo answer does not", async () => {
  const affiliate = await createAffiliate(t.ctx.db, { passwordHash: 'x', firstDecisionAt: new Date() });
  // What the worker stores when the authority does not find the number.
  await t.ctx.db.query(
    `INSERT INTO identity_checks (affiliate_id, state, requested_at, next_attempt_at, provider, product, id_status,
                                  face_match, checked_at)
     VALUES ($1, 'answered', now(), now(), $2, 'enhanced_kyc', 'not_found', 'not_done', now())
     ON CONFLICT (affiliate_id) DO UPDATE
       SET state = 'answered', provider = EXCLUDED.provider, id_status = 'not_found', face_match = 'not_done',
           checked_at = now()`,
    [affiliate.affiliateId, 'log'],
  );
  const configured = t.ctx.config.identityCheck;
  expect(configured.provider).toBe('log');
  expect((await review(ada, affiliate.affiliateId)).body.approvalRisks).toEqual([]);
  try {
    t.ctx.config.identityCheck = {
      ...configured,
      provider: 'smile_id',
      partnerId: 'p',
      apiKey: 'k',
      baseUrl: 'x',
    };
    expect((await review(ada, affiliate.affiliateId)).body.approvalRisks).toEqual(['authorityFailed']);
    const other = await createAffiliate(t.ctx.db, { passwordHash: 'x', firstDecisionAt: new Date() });
    expect((await review(ada, other.affiliateId)).body.approvalRisks).toEqual(['authorityNotRun']);
  } finally {
    t.ctx.config.identityCheck = configured;
  }
});

test('a plain case is approved by one reviewer, exactly as the spec says', async () => {
  const affiliate = await createAffiliate(t.ctx.db, { passwordHash: 'x', firstDecisionAt: new Date() });
  const res = await approve(ada, affiliate.affiliateId);
  expect(res.status).toBe(200);
  expect(res.body.message).toBe('Approved successfully.');
  expect(await status(affiliate.affiliateId)).toBe('KYC Complete');
});

test('a rejection ends a waiting approval; it is in the history', async () => {
  const affiliate = await lowNameMatch();
  await approve(ada, affiliate.affiliateId);
  const res = await reject(bola, affiliate.affiliateId);
  expect(res.status).toBe(200);
  expect((await review(bola, affiliate.affiliateId)).body.pendingApproval).toBeNull();
  const { rows } = await t.ctx.db.query<{ status: string }>(
    'SELECT status FROM kyc_approval_requests WHERE affiliate_id = $1',
    [affiliate.affiliateId],
  );
  expect(rows).toEqual([{ status: 'closed' }]);
});

test('two at once get one outcome: a confirmation and a rejection, two confirmations, two first approvals', async () => {
  for (const [first, second] of [
    [() => 'approve', () => 'reject'],
    [() => 'approve', () => 'approve'],
  ] as const) {
    const affiliate = await lowNameMatch();
    await approve(ada, affiliate.affiliateId);
    // As the screens send them: against the status the reviewer saw.
    const decide = (token: string, kind: string) =>
      request(t.app)
        .post('/api/backoffice/affiliate/kyc')
        .set('Authorization', token)
        .send({
          affiliateID: affiliate.affiliateId,
          isActive: kind === 'approve',
          remark: kind === 'approve' ? undefined : 'Not the same person',
          expectedStatus: 'KYC Pending',
        });
    const answers = await Promise.all([decide(bola, first()), decide(chidi, second())]);
    expect(answers.map((res) => res.status).sort((x, y) => x - y)).toEqual([200, 409]);
    const final = await status(affiliate.affiliateId);
    expect(['KYC Complete', 'KYC Rejected']).toContain(final);
    const decisions = (await history(affiliate.affiliateId)).filter((row) =>
      ['affiliate.approve', 'affiliate.reject'].includes(row.action),
    );
    expect(decisions).toHaveLength(1);
  }

  // The same reviewer twice at once (two tabs): one request, the other refused.
  const affiliate = await lowNameMatch();
  const twice = await Promise.all([approve(ada, affiliate.affiliateId), approve(ada, affiliate.affiliateId)]);
  expect(twice.map((res) => res.status).sort()).toEqual([200, 409]);
  const { rows } = await t.ctx.db.query('SELECT 1 FROM kyc_approval_requests WHERE affiliate_id = $1', [
    affiliate.affiliateId,
  ]);
  expect(rows).toHaveLength(1);
  expect(await status(affiliate.affiliateId)).toBe('KYC Pending');
});

test('review: unknown affiliate is 404, an id that is not one is 4xx, an affiliate is refused', async () => {
  expect((await review(ada, 99_999_999)).status).toBe(404);
  for (const id of ['-5', 'x', '1e3', '123456789012345678901234']) {
    const res = await request(t.app).get(`/api/backoffice/kyc/case/${id}/review`).set('Authorization', ada);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.body.message).toBe('string');
  }
  const affiliate = await createAffiliate(t.ctx.db, { status: 'KYC Complete' });
  const res = await review(await bearer(t.ctx, affiliate.userId), affiliate.affiliateId);
  expect(res.status).toBe(403);
});
