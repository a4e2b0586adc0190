import request from 'supertest';
import { ReKycDetails } from '@portal/contracts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { openNumbers, resealNumbers, type SealedNumberRow } from '../../../lib/sealed-numbers';
import { bearer, createAffiliate, createStaffUser } from '../../../../test-support/affiliate-fixtures';

let t: TestApp;
let backoffice: string;

beforeAll(async () => {
  t = await createTestApp();
  backoffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2));
});
afterAll(() => t.close());

async function rejectedAffiliate(options: Parameters<typeof createAffiliate>[1] = {}) {
  const affiliate = await createAffiliate(t.ctx.db, {
    status: 'KYC Rejected',
    passwordHash: 'x',
    firstDecisionAt: new Date(),
    ...options,
  });
  await t.ctx.db.query(
    `UPDATE affiliates SET remark = 'BVN does not match the name' WHERE affiliate_id = $1`,
    [affiliate.affiliateId],
  );
  return { ...affiliate, token: await bearer(t.ctx, affiliate.userId) };
}

const validBody = (affiliateID: number) => ({
  affiliateID,
  fullName: 'Chidi  Okafor',
  email: 'someone.else@example.test',
  mobileNumber: '8999999999',
  identityType: 'NIN',
  ninOrBVN: '2233 4455 667',
  bankID: 2,
  accountNumber: '0123456789',
});

const submit = (token: string, body: object) =>
  request(t.app).post('/api/affiliate/rekyc').set('Authorization', token).send(body);

async function statusCount(status: string): Promise<number> {
  const { rows } = await t.ctx.db.query<{ total: string | number }>(
    'SELECT total FROM affiliate_status_counts WHERE status = $1',
    [status],
  );
  return Number(rows[0].total);
}

describe('GET affiliate/rekyc-details', () => {
  it("answers the caller's own KYC profile with the rejection remark", async () => {
    const affiliate = await rejectedAffiliate();
    const res = await request(t.app)
      .get('/api/affiliate/rekyc-details')
      .set('Authorization', affiliate.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      affiliateID: affiliate.affiliateId,
      affiliateCode: affiliate.affiliateCode,
      email: affiliate.email,
      identityType: 'BVN',
      status: 'KYC Rejected',
      remark: 'BVN does not match the name',
    });
    expect(typeof res.body.bankName).toBe('string');
    // Only the contract's fields: nothing else of the affiliate's record (user id, selfie path) leaves.
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(ReKycDetails.shape).sort());
  });

  it('is refused to staff and to an affiliate without the re-kyc right (KYC Complete)', async () => {
    const complete = await createAffiliate(t.ctx.db, { status: 'KYC Complete', passwordHash: 'x' });
    for (const token of [backoffice, await bearer(t.ctx, complete.userId)]) {
      const res = await request(t.app).get('/api/affiliate/rekyc-details').set('Authorization', token);
      expect(res.status).toBe(403);
    }
    expect((await request(t.app).get('/api/affiliate/rekyc-details')).status).toBe(401);
  });
});

describe('POST affiliate/rekyc', () => {
  it.each([
    [{ fullName: '' }, 'Please provide full name.'],
    [{ fullName: '   ' }, 'Please provide full name.'],
    [{ ninOrBVN: '' }, 'Please provide NIN or BVN.'],
    [{ ninOrBVN: '12345678901' }, 'provided NIN or BVN is not valid.'],
    [{ ninOrBVN: '11111111111' }, 'provided NIN or BVN is not valid.'],
    [{ ninOrBVN: '123' }, 'provided NIN or BVN is not valid.'],
    [{ bankID: null }, 'Please provide Bank Name.'],
    [{ bankID: 999999 }, 'Please provide Bank Name.'],
    [{ accountNumber: '' }, 'Please provide Account Number.'],
  ])('refuses %j with the spec message and changes nothing', async (change, message) => {
    const affiliate = await rejectedAffiliate();
    const res = await submit(affiliate.token, { ...validBody(affiliate.affiliateId), ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    const { rows } = await t.ctx.db.query<{ status: string }>(
      'SELECT status FROM affiliates WHERE affiliate_id = $1',
      [affiliate.affiliateId],
    );
    expect(rows[0].status).toBe('KYC Rejected');
  });

  it('checks in the spec order: full name first, then NIN or BVN, bank, account', async () => {
    const affiliate = await rejectedAffiliate();
    const res = await submit(affiliate.token, { affiliateID: affiliate.affiliateId });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please provide full name.');
    expect(res.body.errors).toMatchObject({
      fullName: 'Please provide full name.',
      ninOrBVN: 'Please provide NIN or BVN.',
      bankID: 'Please provide Bank Name.',
      accountNumber: 'Please provide Account Number.',
    });
  });

  it("refuses another affiliate's record with 403 and leaves it alone", async () => {
    const mine = await rejectedAffiliate();
    const theirs = await rejectedAffiliate();
    const res = await submit(mine.token, validBody(theirs.affiliateId));
    expect(res.status).toBe(403);
    const { rows } = await t.ctx.db.query<{ status: string; full_name: string }>(
      'SELECT status, full_name FROM affiliates WHERE affiliate_id = $1',
      [theirs.affiliateId],
    );
    expect(rows[0].status).toBe('KYC Rejected');
    expect(rows[0].full_name).not.toBe('Chidi Okafor');
  });

  it('is refused to staff (403)', async () => {
    const affiliate = await rejectedAffiliate();
    expect((await submit(backoffice, validBody(affiliate.affiliateId))).status).toBe(403);
  });

  it('moves KYC Rejected to KYC Pending, keeps email, mobile and identity type, audits, counts and ends sessions', async () => {
    const affiliate = await rejectedAffiliate();
    const otherSession = await bearer(t.ctx, affiliate.userId);
    const [rejectedBefore, pendingBefore] = [
      await statusCount('KYC Rejected'),
      await statusCount('KYC Pending'),
    ];

    const res = await submit(affiliate.token, validBody(affiliate.affiliateId));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'KYC updated successfully!' });

    const { rows } = await t.ctx.db.query<Record<string, unknown>>(
      `SELECT a.status, a.full_name, a.email, a.mobile_number, a.identity_type, a.nin_or_bvn, a.bank_id,
              a.account_number, a.nin_or_bvn_sealed, a.account_number_sealed, u.full_name AS user_name
         FROM affiliates a JOIN users u ON u.user_id = a.user_id WHERE a.affiliate_id = $1`,
      [affiliate.affiliateId],
    );
    expect(rows[0]).toMatchObject({
      status: 'KYC Pending',
      full_name: 'Chidi Okafor',
      user_name: 'Chidi Okafor',
      email: affiliate.email,
      identity_type: 'BVN',
      nin_or_bvn: null,
      bank_id: 2,
      account_number: null,
    });
    // Issue 29: stored sealed only; they open to what was sent.
    expect(openNumbers(t.ctx.config.dataKeyring, rows[0] as unknown as SealedNumberRow)).toEqual({
      ninOrBVN: '22334455667',
      accountNumber: '0123456789',
    });
    expect(rows[0].mobile_number).not.toBe('8999999999');
    expect(await statusCount('KYC Rejected')).toBe(rejectedBefore - 1);
    expect(await statusCount('KYC Pending')).toBe(pendingBefore + 1);

    // Every session of the affiliate has ended.
    for (const token of [affiliate.token, otherSession]) {
      const after = await request(t.app).get('/api/user/profile').set('Authorization', token);
      expect(after.status).toBe(401);
    }

    // The back office sees it in the pending queue with the new details and the history row.
    const details = await request(t.app)
      .get(`/api/backoffice/affiliate-details/${affiliate.affiliateId}`)
      .set('Authorization', backoffice);
    expect(details.body).toMatchObject({
      status: 'KYC Pending',
      fullName: 'Chidi Okafor',
      ninOrBVN: '••••••••667',
    });
    expect(details.body.history[0]).toMatchObject({
      action: 'affiliate.rekyc',
      title: 'Re-KYC submitted',
      fromStatus: 'KYC Rejected',
      toStatus: 'KYC Pending',
    });
    expect(details.body.allowedActions).toContain('approve');
    const dashboard = await request(t.app).get('/api/user/dashboard').set('Authorization', backoffice);
    expect(JSON.stringify(dashboard.body)).toContain('Re-KYC submitted');
  });

  it('recomputes the duplicate-identity flags from the new details', async () => {
    const holder = await createAffiliate(t.ctx.db, { status: 'KYC Complete', ninOrBVN: '22334455667' });
    const oldMatch = await createAffiliate(t.ctx.db, { status: 'KYC Complete', ninOrBVN: '30415926535' });
    const affiliate = await rejectedAffiliate({ ninOrBVN: '30415926535' });
    await t.ctx.db.query(
      `INSERT INTO affiliate_flags (affiliate_id, kind, other_affiliate_id) VALUES ($1, 'ninOrBVN', $2)`,
      [affiliate.affiliateId, oldMatch.affiliateId],
    );
    // The fixtures write numbers in clear, as rows from before issue 29; sealed as the gateway does at start.
    await resealNumbers(t.ctx, 'clear');
    expect((await submit(affiliate.token, validBody(affiliate.affiliateId))).status).toBe(200);
    const { rows } = await t.ctx.db.query<{ kind: string; other: string | number }>(
      `SELECT kind, other_affiliate_id AS other FROM affiliate_flags WHERE affiliate_id = $1 OR other_affiliate_id = $1`,
      [affiliate.affiliateId],
    );
    const nin = rows.filter((row) => row.kind === 'ninOrBVN').map((row) => Number(row.other));
    expect(nin).toContain(holder.affiliateId);
    expect(nin).not.toContain(oldMatch.affiliateId);
  });

  it('cannot be submitted twice: the ended session is refused', async () => {
    const affiliate = await rejectedAffiliate();
    expect((await submit(affiliate.token, validBody(affiliate.affiliateId))).status).toBe(200);
    expect((await submit(affiliate.token, validBody(affiliate.affiliateId))).status).toBe(401);
  });

  it('refuses hostile input with a 4xx and writes nothing', async () => {
    const affiliate = await rejectedAffiliate();
    for (const body of [
      { ...validBody(affiliate.affiliateId), fullName: 'Chidi\u0000' },
      { ...validBody(affiliate.affiliateId), ninOrBVN: 'x'.repeat(1_000_000) },
      { ...validBody(affiliate.affiliateId), affiliateID: -1 },
      { ...validBody(affiliate.affiliateId), affiliateID: '99999999999999999999999' },
      { ...validBody(affiliate.affiliateId), bankID: { $gt: 1 } },
      [],
    ]) {
      const res = await submit(affiliate.token, body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.body.message).toBe('string');
    }
    const { rows } = await t.ctx.db.query<{ status: string }>(
      'SELECT status FROM affiliates WHERE affiliate_id = $1',
      [affiliate.affiliateId],
    );
    expect(rows[0].status).toBe('KYC Rejected');
  });
});
