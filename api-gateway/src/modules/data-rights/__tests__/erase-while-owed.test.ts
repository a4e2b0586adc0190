import request from 'supertest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createAffiliate, createStaffUser } from '../../../../test-support/affiliate-fixtures';
import { addOrders, fundedAffiliate } from '../../../../test-support/payout-fixtures';

jest.setTimeout(120_000);

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1, 'Ngozi Admin'));
});
afterAll(() => t.close());

const makeInactive = (affiliateId: number) =>
  request(t.app).post(`/api/backoffice/affiliate/delete/${affiliateId}`).set('Authorization', admin);
const erase = (affiliateId: number, body?: object) =>
  request(t.app)
    .post(`/api/admin/affiliate/erase/${affiliateId}`)
    .set('Authorization', admin)
    .send(body ?? {});
const details = async (affiliateId: number) =>
  (await request(t.app).get(`/api/backoffice/affiliate-details/${affiliateId}`).set('Authorization', admin))
    .body;

describe('erasure while money is owed (issue 48)', () => {
  test('states what is owed; refused while anything is pending or available; allowed once the admin records how it was settled (audited)', async () => {
    const owing = await fundedAffiliate(t.ctx.db, ['999.99']);
    await addOrders(t.ctx.db, owing, ['8750.00'], 1);
    expect((await makeInactive(owing.affiliateId)).status).toBe(200);

    const owed = await request(t.app)
      .get(`/api/admin/affiliate/erase/${owing.affiliateId}/money-owed`)
      .set('Authorization', admin);
    expect(owed.body).toEqual({ pending: '8750.00', available: '999.99', inPayout: '0.00' });

    const refused = await erase(owing.affiliateId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      '₦8,750.00 pending and ₦999.99 available is still owed to this affiliate. Pay it first, or record that it was settled another way.',
    );
    expect(await details(owing.affiliateId)).toMatchObject({
      erasedOn: null,
      fullName: expect.not.stringContaining('Erased'),
    });
    for (const settledOtherwise of ['', 'ok', 'x'.repeat(501), 42]) {
      const res = await erase(owing.affiliateId, { settledOtherwise });
      expect([res.status, res.body.message]).toEqual([
        400,
        'Say how it was settled, in 3 to 500 characters.',
      ]);
    }
    // Back office may not erase at all.
    const backoffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2));
    expect(
      (
        await request(t.app)
          .post(`/api/admin/affiliate/erase/${owing.affiliateId}`)
          .set('Authorization', backoffice)
          .send({ settledOtherwise: 'Paid in cash' })
      ).status,
    ).toBe(403);

    const reason = 'Paid ₦9,749.99 by cheque 004411 on 2026-12-01 (finance ticket FIN-88)';
    const done = await erase(owing.affiliateId, { settledOtherwise: reason });
    expect(done.status).toBe(200);
    const { rows } = await t.ctx.db.query<{
      action: string;
      remark: string | null;
      details: Record<string, unknown>;
    }>(
      `SELECT action, remark, details FROM audit_log WHERE entity_type = 'affiliate' AND entity_id = $1
        AND action LIKE 'affiliate.erase%' ORDER BY audit_id`,
      [String(owing.affiliateId)],
    );
    expect(rows.map((row) => row.action)).toEqual(['affiliate.erase.settled-otherwise', 'affiliate.erase']);
    expect(rows[0].remark).toBe(reason);
    expect(rows[0].details).toEqual({ pending: '8750.00', available: '999.99', inPayout: '0.00' });
    const history = (await details(owing.affiliateId)).history as Array<{ title: string; actorName: string }>;
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: 'Money owed recorded as settled another way (erasure)',
          actorName: 'Ngozi Admin',
        }),
      ]),
    );
  });

  test('an affiliate owed nothing is erased without a reason; the figures of an unknown affiliate are 404', async () => {
    const nothing = await createAffiliate(t.ctx.db, { status: 'KYC Complete' });
    expect((await makeInactive(nothing.affiliateId)).status).toBe(200);
    const owed = await request(t.app)
      .get(`/api/admin/affiliate/erase/${nothing.affiliateId}/money-owed`)
      .set('Authorization', admin);
    expect(owed.body).toEqual({ pending: '0.00', available: '0.00', inPayout: '0.00' });
    expect((await erase(nothing.affiliateId)).status).toBe(200);
    expect(
      (
        await request(t.app)
          .get('/api/admin/affiliate/erase/999999999/money-owed')
          .set('Authorization', admin)
      ).status,
    ).toBe(404);
  });

  test('an affiliate asks from the portal: a request the admins see on its details, not an erasure', async () => {
    const asking = await createAffiliate(t.ctx.db, { status: 'KYC Complete', fullName: 'Bola Request' });
    const own = await bearer(t.ctx, asking.userId);
    const asked = await request(t.app)
      .post('/api/user/erasure-request')
      .set('Authorization', own)
      .send({ note: 'Please delete my data' });
    expect(asked.body).toEqual({
      message:
        'Your request to erase your personal data has been sent to the administrators. They will contact you.',
    });
    const again = await request(t.app).post('/api/user/erasure-request').set('Authorization', own).send({});
    expect(again.body.message).toBe(
      'You have already asked for your personal data to be erased. The administrators have it.',
    );
    const seen = await details(asking.affiliateId);
    expect(seen).toMatchObject({ fullName: 'Bola Request', status: 'KYC Complete', erasedOn: null });
    expect(seen.erasureRequestedOn).toEqual(expect.any(String));
    expect((seen.history as Array<{ title: string; remark: string }>)[0]).toMatchObject({
      title: 'Erasure requested by the affiliate',
      remark: 'Please delete my data',
    });
    // Staff have no affiliate record to ask for; bad input changes nothing.
    expect(
      (await request(t.app).post('/api/user/erasure-request').set('Authorization', admin).send({})).status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .post('/api/user/erasure-request')
          .set('Authorization', own)
          .send({ note: 'x'.repeat(501) })
      ).status,
    ).toBe(400);
    // The admin erases it: the request is done.
    expect((await makeInactive(asking.affiliateId)).status).toBe(200);
    expect((await erase(asking.affiliateId)).status).toBe(200);
    expect((await details(asking.affiliateId)).erasureRequestedOn).toBeNull();
  });
});
