import request from 'supertest';
import type { AffiliateStatus } from '@portal/contracts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createAffiliate, createStaffUser } from '../../../../test-support/affiliate-fixtures';

let t: TestApp;
let admin: string;
let backoffice: string;
let adminUserId: number;

beforeAll(async () => {
  t = await createTestApp();
  adminUserId = await createStaffUser(t.ctx.db, 1);
  admin = await bearer(t.ctx, adminUserId);
  backoffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2));
});
afterAll(() => t.close());

type Action = 'approve' | 'reject' | 'activate' | 'inactivate';
const STATUSES: AffiliateStatus[] = ['KYC Pending', 'KYC Complete', 'KYC Rejected', 'Inactive'];

/** Spec §4, written out independently of the contracts table: [action, from, role] → expected status or HTTP code. */
function expected(
  action: Action,
  from: AffiliateStatus,
  role: 'admin' | 'backoffice',
): AffiliateStatus | 403 | 409 {
  switch (action) {
    case 'approve':
      return from === 'KYC Pending' || from === 'KYC Rejected' ? 'KYC Complete' : 409;
    case 'reject':
      if (from === 'KYC Pending') return 'KYC Rejected';
      if (from === 'KYC Complete') return role === 'admin' ? 'KYC Rejected' : 403;
      return 409;
    case 'activate':
      if (from !== 'Inactive') return 409;
      return role === 'admin' ? 'KYC Complete' : 403;
    case 'inactivate':
      return from === 'Inactive' ? 409 : 'Inactive';
  }
}

function send(action: Action, affiliateId: number, token: string) {
  const remark = 'Checked against BVN records';
  switch (action) {
    case 'approve':
      return request(t.app)
        .post('/api/backoffice/affiliate/kyc')
        .set('Authorization', token)
        .send({ affiliateID: affiliateId, isActive: true });
    case 'reject':
      return request(t.app)
        .post('/api/backoffice/affiliate/kyc')
        .set('Authorization', token)
        .send({ affiliateID: affiliateId, isActive: false, remark });
    case 'activate':
      return request(t.app)
        .post('/api/backoffice/affiliate/set-active?status=active')
        .set('Authorization', token)
        .send({ affiliateID: affiliateId, isActive: true });
    case 'inactivate':
      return request(t.app)
        .post(`/api/backoffice/affiliate/delete/${affiliateId}`)
        .set('Authorization', token);
  }
}

async function statusOf(affiliateId: number): Promise<string> {
  const { rows } = await t.ctx.db.query<{ status: string }>(
    'SELECT status FROM affiliates WHERE affiliate_id = $1',
    [affiliateId],
  );
  return rows[0].status;
}

async function auditRows(affiliateId: number) {
  const { rows } = await t.ctx.db.query<{
    action: string;
    actor_user_id: string | number;
    from_status: string;
    to_status: string;
    remark: string | null;
  }>(
    `SELECT action, actor_user_id, from_status, to_status, remark FROM audit_log
      WHERE entity_type = 'affiliate' AND entity_id = $1 ORDER BY audit_id`,
    [String(affiliateId)],
  );
  return rows;
}

describe('status machine by role (spec §4)', () => {
  const cases: [Action, AffiliateStatus, 'admin' | 'backoffice'][] = [];
  for (const action of ['approve', 'reject', 'activate', 'inactivate'] as Action[])
    for (const from of STATUSES)
      for (const role of ['admin', 'backoffice'] as const) cases.push([action, from, role]);

  test.each(cases)('%s from %s by %s', async (action, from, role) => {
    const affiliate = await createAffiliate(t.ctx.db, {
      status: from,
      firstDecisionAt: from === 'KYC Pending' ? null : new Date(),
      passwordHash: from === 'KYC Pending' ? null : 'x',
    });
    if (from === 'Inactive') {
      await t.ctx.db.query(
        `UPDATE affiliates SET status_before_inactive = 'KYC Complete' WHERE affiliate_id = $1`,
        [affiliate.affiliateId],
      );
    }
    const res = await send(action, affiliate.affiliateId, role === 'admin' ? admin : backoffice);
    const want = expected(action, from, role);
    if (typeof want === 'number') {
      expect(res.status).toBe(want);
      expect(typeof res.body.message).toBe('string');
      expect(res.body.message.length).toBeGreaterThan(0);
      expect(await statusOf(affiliate.affiliateId)).toBe(from);
      expect(await auditRows(affiliate.affiliateId)).toEqual([]);
    } else {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        message: {
          approve: 'Approved successfully.',
          reject: 'Rejected successfully.',
          activate: 'Activated successfully.',
          inactivate: 'User Inactive successfully.',
        }[action],
        affiliateID: affiliate.affiliateId,
        status: want,
      });
      expect(await statusOf(affiliate.affiliateId)).toBe(want);
      const audit = await auditRows(affiliate.affiliateId);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: `affiliate.${action}`, from_status: from, to_status: want });
    }
  });

  test('an affiliate token is refused every staff call', async () => {
    const me = await createAffiliate(t.ctx.db, {
      status: 'KYC Complete',
      passwordHash: 'x',
      firstDecisionAt: new Date(),
    });
    const token = await bearer(t.ctx, me.userId);
    const target = await createAffiliate(t.ctx.db);
    for (const action of ['approve', 'reject', 'activate', 'inactivate'] as Action[]) {
      expect((await send(action, target.affiliateId, token)).status).toBe(403);
    }
    expect((await request(t.app).get('/api/backoffice/affiliate').set('Authorization', token)).status).toBe(
      403,
    );
    expect(
      (
        await request(t.app)
          .get(`/api/backoffice/affiliate-details/${target.affiliateId}`)
          .set('Authorization', token)
      ).status,
    ).toBe(403);
    expect(await statusOf(target.affiliateId)).toBe('KYC Pending');
  });

  test('no token: 401', async () => {
    const target = await createAffiliate(t.ctx.db);
    expect(
      (
        await request(t.app)
          .post('/api/backoffice/affiliate/kyc')
          .send({ affiliateID: target.affiliateId, isActive: true })
      ).status,
    ).toBe(401);
  });
});

describe('remark rule', () => {
  test.each([undefined, '', '   ', null])(
    'reject with remark %p: 400 Please provide remark.',
    async (remark) => {
      const affiliate = await createAffiliate(t.ctx.db);
      const res = await request(t.app)
        .post('/api/backoffice/affiliate/kyc')
        .set('Authorization', backoffice)
        .send({
          affiliateID: affiliate.affiliateId,
          isActive: false,
          ...(remark === undefined ? {} : { remark }),
        });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: 'Please provide remark.',
        errors: { remark: 'Please provide remark.' },
      });
      expect(await statusOf(affiliate.affiliateId)).toBe('KYC Pending');
      expect(await auditRows(affiliate.affiliateId)).toEqual([]);
    },
  );

  test('approve needs no remark, and one given is kept on the audit row', async () => {
    const a = await createAffiliate(t.ctx.db);
    const b = await createAffiliate(t.ctx.db);
    expect((await send('approve', a.affiliateId, backoffice)).status).toBe(200);
    const res = await request(t.app)
      .post('/api/backoffice/affiliate/kyc')
      .set('Authorization', admin)
      .send({ affiliateID: b.affiliateId, isActive: true, remark: '  All documents match  ' });
    expect(res.status).toBe(200);
    expect((await auditRows(b.affiliateId))[0]).toMatchObject({
      remark: 'All documents match',
      actor_user_id: adminUserId,
    });
  });

  test('a remark longer than 1000 characters is refused', async () => {
    const a = await createAffiliate(t.ctx.db);
    const res = await request(t.app)
      .post('/api/backoffice/affiliate/kyc')
      .set('Authorization', admin)
      .send({ affiliateID: a.affiliateId, isActive: false, remark: 'x'.repeat(1001) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Remark must be at most 1000 characters.');
  });

  test('bad payloads get field messages', async () => {
    const missing = await request(t.app)
      .post('/api/backoffice/affiliate/kyc')
      .set('Authorization', admin)
      .send({ isActive: true });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.affiliateID).toBe('Affiliate ID must be a positive whole number.');
    const noDecision = await request(t.app)
      .post('/api/backoffice/affiliate/kyc')
      .set('Authorization', admin)
      .send({ affiliateID: 1 });
    expect(noDecision.status).toBe(400);
    expect(noDecision.body.errors.isActive).toBeDefined();
    const unknown = await request(t.app)
      .post('/api/backoffice/affiliate/kyc')
      .set('Authorization', admin)
      .send({ affiliateID: 99999999, isActive: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Affiliate not found.');
    const badStatus = await request(t.app)
      .post('/api/backoffice/affiliate/set-active?status=maybe')
      .set('Authorization', admin)
      .send({ affiliateID: 1 });
    expect(badStatus.status).toBe(400);
    expect(
      (await request(t.app).post('/api/backoffice/affiliate/delete/abc').set('Authorization', admin)).status,
    ).toBe(400);
  });
});

describe('credentials and messages', () => {
  async function outboxFor(email: string) {
    const { rows } = await t.ctx.db.query<{ subject: string; body: string }>(
      'SELECT subject, body FROM outbox WHERE recipient = $1 ORDER BY message_id',
      [email],
    );
    return rows;
  }
  const passwordIn = (body: string) => /temporary password:\s+(\S+)/.exec(body)?.[1];

  test('first approval sends a temporary password; the affiliate signs in, must update it, and holds affiliate rights', async () => {
    const a = await createAffiliate(t.ctx.db, { fullName: 'Chioma Okafor' });
    expect((await send('approve', a.affiliateId, backoffice)).status).toBe(200);
    const mails = await outboxFor(a.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain(a.affiliateCode);
    const password = passwordIn(mails[0].body);
    expect(password).toBeDefined();
    const { rows } = await t.ctx.db.query<{ force_password_update: boolean; password_hash: string }>(
      'SELECT force_password_update, password_hash FROM users WHERE user_id = $1',
      [a.userId],
    );
    expect(rows[0].force_password_update).toBe(true);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0].password_hash).not.toContain(password);

    const login = await request(t.app).post('/api/login/auth').send({ userName: a.email, password });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ roleID: 3, forcePasswordUpdate: true });
    expect(login.body.userRights).toEqual(expect.arrayContaining(['affiliate_dashboard']));
    expect(login.body.userRights).not.toContain('re-kyc');

    // The forced update, then the affiliate dashboard.
    const token = `Bearer ${login.body.token}`;
    const update = await request(t.app).post('/api/users/passwordUpdate').set('Authorization', token).send({
      currentPassword: password,
      newPassword: 'My new password 1',
      confirmPassword: 'My new password 1',
    });
    expect(update.status).toBe(200);
    const dashboard = await request(t.app).get('/api/user/dashboard').set('Authorization', token);
    expect(dashboard.status).toBe(200);
    expect(dashboard.body).toMatchObject({ affiliateId: a.affiliateCode, kycStatus: 'KYC Complete' });
    const again = await request(t.app)
      .post('/api/login/auth')
      .send({ userName: a.email, password: 'My new password 1' });
    expect(again.body.forcePasswordUpdate).toBe(false);
  });

  test('first rejection emails the remark and a temporary password that leads to re-kyc only', async () => {
    const a = await createAffiliate(t.ctx.db);
    const res = await request(t.app)
      .post('/api/backoffice/affiliate/kyc')
      .set('Authorization', backoffice)
      .send({ affiliateID: a.affiliateId, isActive: false, remark: 'Selfie does not match the BVN photo' });
    expect(res.status).toBe(200);
    const mails = await outboxFor(a.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain('Selfie does not match the BVN photo');
    const password = passwordIn(mails[0].body);
    const login = await request(t.app).post('/api/login/auth').send({ userName: a.email, password });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ roleID: 3, forcePasswordUpdate: true, userRights: ['re-kyc'] });

    // Approved after re-KYC: an approval email, no second password.
    expect((await send('approve', a.affiliateId, backoffice)).status).toBe(200);
    const after = await outboxFor(a.email);
    expect(after).toHaveLength(2);
    expect(passwordIn(after[1].body)).toBeUndefined();
    expect(after[1].subject).toBe('Your affiliate account is approved');
  });

  test('an admin rejecting an approved affiliate emails the remark without new credentials', async () => {
    const a = await createAffiliate(t.ctx.db, {
      status: 'KYC Complete',
      passwordHash: 'kept',
      firstDecisionAt: new Date(),
    });
    const res = await request(t.app)
      .post('/api/backoffice/affiliate/kyc')
      .set('Authorization', admin)
      .send({ affiliateID: a.affiliateId, isActive: false, remark: 'Bank account closed' });
    expect(res.status).toBe(200);
    const mails = await outboxFor(a.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain('Bank account closed');
    expect(passwordIn(mails[0].body)).toBeUndefined();
    const { rows } = await t.ctx.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE user_id = $1',
      [a.userId],
    );
    expect(rows[0].password_hash).toBe('kept');
  });
});

describe('inactive and active', () => {
  test('making an affiliate inactive ends its sessions at once', async () => {
    const a = await createAffiliate(t.ctx.db, {
      status: 'KYC Complete',
      passwordHash: 'x',
      firstDecisionAt: new Date(),
    });
    const token = await bearer(t.ctx, a.userId);
    expect((await request(t.app).get('/api/user/dashboard').set('Authorization', token)).status).toBe(200);
    expect((await send('inactivate', a.affiliateId, backoffice)).status).toBe(200);
    expect((await request(t.app).get('/api/user/dashboard').set('Authorization', token)).status).toBe(401);
    const { rows } = await t.ctx.db.query<{ live: string | number }>(
      'SELECT count(*) AS live FROM sessions WHERE user_id = $1 AND revoked_at IS NULL',
      [a.userId],
    );
    expect(Number(rows[0].live)).toBe(0);
  });

  test('activation restores the status held before; with none recorded the affiliate returns to KYC Pending', async () => {
    const rejected = await createAffiliate(t.ctx.db, {
      status: 'KYC Rejected',
      passwordHash: 'x',
      firstDecisionAt: new Date(),
    });
    expect((await send('inactivate', rejected.affiliateId, admin)).status).toBe(200);
    const back = await send('activate', rejected.affiliateId, admin);
    expect(back.body).toMatchObject({ status: 'KYC Rejected', message: 'Activated successfully.' });

    const legacy = await createAffiliate(t.ctx.db, { status: 'Inactive' });
    expect((await send('activate', legacy.affiliateId, admin)).body.status).toBe('KYC Pending');
  });

  test('set-active?status=inactive is the same as delete, for back office too', async () => {
    const a = await createAffiliate(t.ctx.db);
    const res = await request(t.app)
      .post('/api/backoffice/affiliate/set-active?status=inactive')
      .set('Authorization', backoffice)
      .send({ affiliateID: a.affiliateId });
    expect(res.body).toMatchObject({ status: 'Inactive', message: 'User Inactive successfully.' });
  });

  test('two reviewers approving at once: one wins, the other gets 409', async () => {
    const a = await createAffiliate(t.ctx.db);
    const results = await Promise.all([
      send('approve', a.affiliateId, admin),
      send('approve', a.affiliateId, backoffice),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(results.find((res) => res.status === 409)?.body.message).toBe(
      'Only a KYC Pending or KYC Rejected affiliate can be approved; this one is KYC Complete.',
    );
    expect(await auditRows(a.affiliateId)).toHaveLength(1);
    const { rows } = await t.ctx.db.query<{ n: string | number }>(
      'SELECT count(*) AS n FROM outbox WHERE recipient = $1',
      [a.email],
    );
    expect(Number(rows[0].n)).toBe(1);
  });
});
