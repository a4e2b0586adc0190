import request from 'supertest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createAffiliate, createStaffUser } from '../../../../test-support/affiliate-fixtures';
import { pngImage } from '../../../../test-support/registration-flow';

/**
 * Issue 50 part 3: the parts of a KYC decided one by one. A selfie-only return asks the affiliate for the selfie
 * alone; the identity number and the bank account stay exactly as they were (values, seals, verification).
 */
let t: TestApp;
let ada: string;
let bola: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1, 'Chika Admin'));
  ada = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2, 'Ada Obi'));
  bola = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2, 'Bola Bello'));
});
afterAll(() => t.close());

const post = (token: string, path: string, body?: object) =>
  request(t.app)
    .post(`/api${path}`)
    .set('Authorization', token)
    .send(body ?? {});
const history = async (affiliateId: number) =>
  (await request(t.app).get(`/api/backoffice/affiliate-details/${affiliateId}`).set('Authorization', admin))
    .body.history as { action: string; actorName: string; remark: string | null }[];

const selfieOnly = {
  parts: [
    { part: 'identityNumber', outcome: 'accepted' },
    { part: 'selfie', outcome: 'returned', reason: 'Selfie blurred' },
    { part: 'bankAccount', outcome: 'accepted' },
  ],
};

async function claimedCase(token = ada) {
  const affiliate = await createAffiliate(t.ctx.db, {
    selfieImagePath: 'selfie/old.png',
    passwordHash: 'x',
    firstDecisionAt: new Date(),
  });
  expect((await post(token, `/backoffice/kyc/case/${affiliate.affiliateId}/claim`)).status).toBe(200);
  return affiliate;
}

async function affiliateRow(affiliateId: number) {
  const { rows } = await t.ctx.db.query<Record<string, unknown>>(
    `SELECT full_name, nin_or_bvn_sealed, nin_or_bvn_hash, bank_id, account_number_sealed, account_number_hash,
            selfie_image_path, status, remark FROM affiliates WHERE affiliate_id = $1`,
    [affiliateId],
  );
  return rows[0];
}

test('a selfie-only return and re-upload keeps the identity and bank parts; the case comes back with its history', async () => {
  const affiliate = await claimedCase();
  const before = await affiliateRow(affiliate.affiliateId);

  const returned = await post(ada, `/backoffice/kyc/case/${affiliate.affiliateId}/return-parts`, selfieOnly);
  expect(returned.status).toBe(200);
  expect(returned.body).toEqual({
    message: 'Returned to the affiliate for correction.',
    affiliateID: affiliate.affiliateId,
    returned: ['selfie'],
  });
  expect(await affiliateRow(affiliate.affiliateId)).toMatchObject({
    status: 'KYC Rejected',
    remark: 'Selfie: Selfie blurred',
  });

  // The affiliate's re-KYC page is told which part and why.
  const token = await bearer(t.ctx, affiliate.userId);
  const details = await request(t.app).get('/api/affiliate/rekyc-details').set('Authorization', token);
  expect(details.status).toBe(200);
  expect(details.body.returnedParts).toEqual([{ part: 'selfie', reason: 'Selfie blurred' }]);
  expect(details.body.selfieRetaken).toBe(false);

  // Submitting without the new selfie is refused under the selfie.
  const body = {
    affiliateID: affiliate.affiliateId,
    fullName: 'Someone Else Entirely',
    ninOrBVN: '22334455667',
    bankID: 2,
    accountNumber: '0123456789',
  };
  const early = await post(token, '/affiliate/rekyc', body);
  expect(early.status).toBe(400);
  expect(early.body).toMatchObject({ message: 'Please take your selfie again.' });

  const upload = await request(t.app)
    .post('/api/affiliate/rekyc-selfie')
    .set('Authorization', token)
    .attach('file', pngImage(96, 96), 'selfie.png');
  expect(upload.status).toBe(201);
  expect(upload.body).toEqual({ message: 'Selfie saved. Submit to send it for review.' });
  // A second take replaces the first: one waiting file.
  const again = await request(t.app)
    .post('/api/affiliate/rekyc-selfie')
    .set('Authorization', token)
    .attach('file', pngImage(96, 96), 'selfie.png');
  expect(again.status).toBe(201);

  // Even a form that sends other numbers and a new name changes only the selfie: the others were not returned.
  const submitted = await post(token, '/affiliate/rekyc', body);
  expect(submitted.status).toBe(200);
  const after = await affiliateRow(affiliate.affiliateId);
  expect(after.status).toBe('KYC Pending');
  expect(after.selfie_image_path).not.toBe(before.selfie_image_path);
  expect(after.selfie_image_path).toMatch(/^selfie\//);
  for (const column of [
    'full_name',
    'nin_or_bvn_sealed',
    'nin_or_bvn_hash',
    'bank_id',
    'account_number_sealed',
    'account_number_hash',
  ])
    expect([column, after[column]]).toEqual([column, before[column]]);
  const { rows: files } = await t.ctx.db.query(
    `SELECT 1 FROM stored_files WHERE owner_user_id = $1 AND purpose = 'selfie'`,
    [affiliate.userId],
  );
  expect(files).toHaveLength(1);

  // Back in the queue, unclaimed, with every verdict in the history.
  const claimed = await post(bola, `/backoffice/kyc/case/${affiliate.affiliateId}/claim`);
  expect(claimed.status).toBe(200);
  const actions = (await history(affiliate.affiliateId)).map((row) => [row.action, row.remark]);
  expect(actions).toEqual(
    expect.arrayContaining([
      ['kyc.part.accept', 'Identity number (BVN/NIN)'],
      ['kyc.part.return', 'Selfie: Selfie blurred'],
      ['kyc.part.accept', 'Bank account'],
      ['affiliate.reject', 'Selfie: Selfie blurred'],
      ['affiliate.rekyc', null],
    ]),
  );
  // The reviewer's view: the verdicts of the last round, settled now.
  const review = await request(t.app)
    .get(`/api/backoffice/kyc/case/${affiliate.affiliateId}/review`)
    .set('Authorization', bola);
  expect(review.status).toBe(200);
  expect(review.body.parts).toHaveLength(3);
  expect(review.body.parts.find((p: { part: string }) => p.part === 'selfie')).toMatchObject({
    outcome: 'returned',
    reason: 'Selfie blurred',
    decidedByName: 'Ada Obi',
    open: false,
  });
});

test('a bank-only return takes the new account and keeps the identity number', async () => {
  const affiliate = await claimedCase();
  const before = await affiliateRow(affiliate.affiliateId);
  const res = await post(ada, `/backoffice/kyc/case/${affiliate.affiliateId}/return-parts`, {
    parts: [
      { part: 'identityNumber', outcome: 'accepted' },
      { part: 'selfie', outcome: 'accepted' },
      { part: 'bankAccount', outcome: 'returned', reason: 'Account name does not match' },
    ],
  });
  expect(res.status).toBe(200);
  const token = await bearer(t.ctx, affiliate.userId);
  const submitted = await post(token, '/affiliate/rekyc', {
    affiliateID: affiliate.affiliateId,
    fullName: 'Test Affiliate Renamed',
    ninOrBVN: '22334455667',
    bankID: 2,
    accountNumber: '0123456789',
  });
  expect(submitted.status).toBe(200);
  const after = await affiliateRow(affiliate.affiliateId);
  expect(after).toMatchObject({
    bank_id: 2,
    full_name: 'Test Affiliate Renamed',
    selfie_image_path: 'selfie/old.png',
  });
  expect(after.account_number_hash).not.toBe(before.account_number_hash);
  expect(after.nin_or_bvn_hash).toBe(before.nin_or_bvn_hash);
  expect(after.nin_or_bvn_sealed).toBe(before.nin_or_bvn_sealed);
});

test('a whole rejection still asks for everything, and the selfie upload is refused when the selfie was not returned', async () => {
  const affiliate = await claimedCase();
  const res = await post(ada, '/backoffice/affiliate/kyc', {
    affiliateID: affiliate.affiliateId,
    isActive: false,
    remark: 'Everything is wrong',
  });
  expect(res.status).toBe(200);
  expect(res.body.message).toBe('Rejected successfully.');
  const token = await bearer(t.ctx, affiliate.userId);
  const details = await request(t.app).get('/api/affiliate/rekyc-details').set('Authorization', token);
  expect(details.body.returnedParts).toEqual([]);
  const upload = await request(t.app)
    .post('/api/affiliate/rekyc-selfie')
    .set('Authorization', token)
    .attach('file', pngImage(96, 96), 'selfie.png');
  expect(upload.status).toBe(409);
  expect(upload.body).toEqual({
    message: 'Your selfie was not returned: there is no need to take it again.',
  });
});

test('only the reviewer holding the case returns parts; two returns at once give one outcome', async () => {
  const affiliate = await claimedCase();
  const byBola = await post(bola, `/backoffice/kyc/case/${affiliate.affiliateId}/return-parts`, selfieOnly);
  expect(byBola.status).toBe(409);
  expect(byBola.body).toEqual({ message: 'Ada Obi is reviewing this case.' });

  const both = await Promise.all([
    post(ada, `/backoffice/kyc/case/${affiliate.affiliateId}/return-parts`, selfieOnly),
    post(ada, `/backoffice/kyc/case/${affiliate.affiliateId}/return-parts`, selfieOnly),
  ]);
  expect(both.map((res) => res.status).sort()).toEqual([200, 409]);
  const { rows } = await t.ctx.db.query(
    'SELECT part FROM kyc_part_decisions WHERE affiliate_id = $1 AND settled_at IS NULL',
    [affiliate.affiliateId],
  );
  expect(rows).toHaveLength(3);
  const audits = (await history(affiliate.affiliateId)).filter((row) => row.action === 'affiliate.reject');
  expect(audits).toHaveLength(1);
});

test('an unclaimed case cannot have parts returned', async () => {
  const affiliate = await createAffiliate(t.ctx.db);
  const res = await post(ada, `/backoffice/kyc/case/${affiliate.affiliateId}/return-parts`, selfieOnly);
  expect(res.status).toBe(409);
  expect(res.body).toEqual({ message: 'Claim the case before deciding its parts.' });
});

describe('hostile input is a 4xx with a message, nothing written', () => {
  const cases: Array<[string, unknown]> = [
    [
      'a part that is not one',
      { parts: [...selfieOnly.parts.slice(0, 2), { part: 'passport', outcome: 'accepted' }] },
    ],
    ['a part twice', { parts: [...selfieOnly.parts.slice(0, 2), selfieOnly.parts[1]] }],
    ['a missing part', { parts: selfieOnly.parts.slice(0, 2) }],
    ['four parts', { parts: [...selfieOnly.parts, selfieOnly.parts[0]] }],
    ['nothing returned', { parts: selfieOnly.parts.map((p) => ({ part: p.part, outcome: 'accepted' })) }],
    [
      'a returned part without a reason',
      { parts: selfieOnly.parts.map((p) => ({ part: p.part, outcome: 'returned' })) },
    ],
    [
      'a NUL in a reason',
      {
        parts: [
          selfieOnly.parts[0],
          { ...selfieOnly.parts[1], reason: 'blur\u0000red' },
          selfieOnly.parts[2],
        ],
      },
    ],
    [
      'a 1 MB reason',
      {
        parts: [
          selfieOnly.parts[0],
          { ...selfieOnly.parts[1], reason: 'x'.repeat(1_000_000) },
          selfieOnly.parts[2],
        ],
      },
    ],
    [
      'a reason of the wrong type',
      { parts: [selfieOnly.parts[0], { ...selfieOnly.parts[1], reason: { a: 1 } }, selfieOnly.parts[2]] },
    ],
    ['parts of the wrong type', { parts: 'selfie' }],
    [
      'a wrong outcome',
      { parts: [selfieOnly.parts[0], { ...selfieOnly.parts[1], outcome: 'maybe' }, selfieOnly.parts[2]] },
    ],
  ];
  test.each(cases)('%s', async (_name, body) => {
    const affiliate = await claimedCase();
    const res = await post(ada, `/backoffice/kyc/case/${affiliate.affiliateId}/return-parts`, body as object);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.body.message).toBe('string');
    const { rows } = await t.ctx.db.query('SELECT 1 FROM kyc_part_decisions WHERE affiliate_id = $1', [
      affiliate.affiliateId,
    ]);
    expect(rows).toHaveLength(0);
  });

  test('ids that are not a case: huge, negative, another kind', async () => {
    for (const id of ['99999999999999999999', '-1', 'abc', '0']) {
      const res = await post(ada, `/backoffice/kyc/case/${id}/return-parts`, selfieOnly);
      expect([400, 404, 409]).toContain(res.status);
      expect(typeof res.body.message).toBe('string');
    }
  });

  test('an affiliate cannot return parts, nor upload a re-KYC selfie for another affiliate', async () => {
    const affiliate = await claimedCase();
    const other = await createAffiliate(t.ctx.db, { status: 'KYC Complete' });
    const otherToken = await bearer(t.ctx, other.userId);
    const res = await post(
      otherToken,
      `/backoffice/kyc/case/${affiliate.affiliateId}/return-parts`,
      selfieOnly,
    );
    expect(res.status).toBe(403);
    const upload = await request(t.app)
      .post('/api/affiliate/rekyc-selfie')
      .set('Authorization', otherToken)
      .attach('file', pngImage(96, 96), 'selfie.png');
    expect(upload.status).toBe(403);
  });

  test('a re-KYC selfie that is not an image is refused', async () => {
    const affiliate = await claimedCase();
    await post(ada, `/backoffice/kyc/case/${affiliate.affiliateId}/return-parts`, selfieOnly);
    const token = await bearer(t.ctx, affiliate.userId);
    const res = await request(t.app)
      .post('/api/affiliate/rekyc-selfie')
      .set('Authorization', token)
      .attach('file', Buffer.from('\u0000not an image'), 'selfie.png');
    expect(res.status).toBe(415);
    expect(typeof res.body.message).toBe('string');
  });
});
