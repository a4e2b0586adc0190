import request from 'supertest';
import type { AffiliateStatus } from '@portal/contracts';
import { AffiliateDetails, AffiliateListResponse, AffiliatePage } from '@portal/contracts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import {
  bearer,
  createAffiliate,
  createStaffUser,
  type TestAffiliate,
} from '../../../../test-support/affiliate-fixtures';

let t: TestApp;
let admin: string;
let backoffice: string;
const created: (TestAffiliate & { status: AffiliateStatus; fullName: string })[] = [];
const STATUS_CYCLE: AffiliateStatus[] = [
  'KYC Pending',
  'KYC Pending',
  'KYC Complete',
  'KYC Rejected',
  'Inactive',
];
const NAMES = ['Amaka Eze', 'Tunde Bakare', 'Ngozi Obi', 'Emeka Nwosu', 'Funmi Adeyemi'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1));
  backoffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2));
  const start = Date.UTC(2025, 0, 1);
  for (let i = 0; i < 25; i++) {
    const status = STATUS_CYCLE[i % STATUS_CYCLE.length];
    const fullName = `${NAMES[i % NAMES.length]} ${i}`;
    const affiliate = await createAffiliate(t.ctx.db, {
      status,
      fullName,
      createdDate: new Date(start + i * 86_400_000),
    });
    created.push({ ...affiliate, status, fullName });
  }
});
afterAll(() => t.close());

const newestFirst = () => [...created].reverse();
const get = (path: string, token = admin) => request(t.app).get(path).set('Authorization', token);

describe('GET backoffice/affiliate', () => {
  test('without parameters: every affiliate, newest first, as an array', async () => {
    const res = await get('/api/backoffice/affiliate', backoffice);
    expect(res.status).toBe(200);
    const list = AffiliateListResponse.parse(res.body);
    expect(list.map((a) => a.affiliateID)).toEqual(newestFirst().map((a) => a.affiliateId));
    expect(list[0]).toMatchObject({
      fullName: created[24].fullName,
      phoneCode: '+234',
      status: created[24].status,
    });
  });

  test('pages of 10 with the total; a page past the end is empty', async () => {
    const first = AffiliatePage.parse((await get('/api/backoffice/affiliate?page=1')).body);
    expect(first).toMatchObject({ totalCount: 25, pageNo: 1, pageSize: 10 });
    expect(first.results.map((a) => a.affiliateID)).toEqual(
      newestFirst()
        .slice(0, 10)
        .map((a) => a.affiliateId),
    );
    const third = AffiliatePage.parse((await get('/api/backoffice/affiliate?page=3')).body);
    expect(third.results.map((a) => a.affiliateID)).toEqual(
      newestFirst()
        .slice(20)
        .map((a) => a.affiliateId),
    );
    const past = AffiliatePage.parse((await get('/api/backoffice/affiliate?page=4')).body);
    expect(past).toEqual({ results: [], totalCount: 25, pageNo: 4, pageSize: 10 });
    const big = AffiliatePage.parse((await get('/api/backoffice/affiliate?page=2&pageSize=20')).body);
    expect(big.results).toHaveLength(5);
  });

  test.each([
    ['pending', 'KYC Pending'],
    ['active', 'KYC Complete'],
    ['rejected', 'KYC Rejected'],
    ['inactive', 'Inactive'],
    ['KYC Pending', 'KYC Pending'],
  ])('status=%s filters to %s, with its total', async (filter, status) => {
    const res = await get(`/api/backoffice/affiliate?status=${encodeURIComponent(filter)}&pageSize=100`);
    const page = AffiliatePage.parse(res.body);
    const want = newestFirst().filter((a) => a.status === status);
    expect(page.totalCount).toBe(want.length);
    expect(page.results.map((a) => a.affiliateID)).toEqual(want.map((a) => a.affiliateId));
  });

  test('status=all is every affiliate, paged', async () => {
    const page = AffiliatePage.parse((await get('/api/backoffice/affiliate?status=all')).body);
    expect(page.totalCount).toBe(25);
    expect(page.results).toHaveLength(10);
  });

  test('search matches code, name, email and mobile, case-insensitively; totals follow the search', async () => {
    const target = created[7];
    const byCode = AffiliatePage.parse(
      (await get(`/api/backoffice/affiliate?search=${target.affiliateCode.toLowerCase()}`)).body,
    );
    expect(byCode.results.map((a) => a.affiliateID)).toEqual([target.affiliateId]);
    expect(byCode.totalCount).toBe(1);

    const byName = AffiliatePage.parse(
      (await get('/api/backoffice/affiliate?search=NGOZI&pageSize=100')).body,
    );
    const ngozis = newestFirst().filter((a) => a.fullName.startsWith('Ngozi'));
    expect(byName.results.map((a) => a.affiliateID)).toEqual(ngozis.map((a) => a.affiliateId));
    expect(byName.totalCount).toBe(ngozis.length);

    const byEmail = AffiliatePage.parse(
      (await get(`/api/backoffice/affiliate?search=${encodeURIComponent(target.email)}`)).body,
    );
    expect(byEmail.results.map((a) => a.affiliateID)).toEqual([target.affiliateId]);

    const mobile = byEmail.results[0].mobileNumber;
    const byMobile = AffiliatePage.parse((await get(`/api/backoffice/affiliate?search=${mobile}`)).body);
    expect(byMobile.results.map((a) => a.affiliateID)).toEqual([target.affiliateId]);
  });

  test('search and status together', async () => {
    const page = AffiliatePage.parse(
      (await get('/api/backoffice/affiliate?search=amaka&status=pending&pageSize=100')).body,
    );
    const want = newestFirst().filter((a) => a.fullName.startsWith('Amaka') && a.status === 'KYC Pending');
    expect(page.totalCount).toBe(want.length);
    expect(page.results.map((a) => a.affiliateID)).toEqual(want.map((a) => a.affiliateId));
  });

  test('LIKE wildcards in the search are taken literally', async () => {
    for (const search of ['%', '_', '\\']) {
      const page = AffiliatePage.parse(
        (await get(`/api/backoffice/affiliate?search=${encodeURIComponent(search)}`)).body,
      );
      expect(page.totalCount).toBe(0);
    }
  });

  test.each([
    ['page=0', 'Page must be a whole number of 1 or more.'],
    ['page=abc', 'Page must be a whole number of 1 or more.'],
    ['pageSize=101', 'Page size must be a whole number from 1 to 100.'],
    [
      'status=approvedish',
      'status must be one of: all, active, pending, rejected, inactive, or a status name.',
    ],
  ])('%s: 400 with a message', async (query, message) => {
    const res = await get(`/api/backoffice/affiliate?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  test('no session: 401', async () => {
    expect((await request(t.app).get('/api/backoffice/affiliate')).status).toBe(401);
  });
});

describe('GET backoffice/affiliate-details/{id}', () => {
  test('details, flags both ways, history with who/when/from/to/remark, and the actions per role', async () => {
    const first = created[2];
    const second = await createAffiliate(t.ctx.db, { fullName: 'Duplicate Person' });
    await t.ctx.db.query(
      `INSERT INTO affiliate_flags (affiliate_id, kind, other_affiliate_id) VALUES ($1, 'ninOrBVN', $2), ($1, 'accountNumber', $2)`,
      [second.affiliateId, first.affiliateId],
    );
    const approve = await request(t.app)
      .post('/api/backoffice/affiliate/kyc')
      .set('Authorization', backoffice)
      .send({ affiliateID: second.affiliateId, isActive: false, remark: 'Same BVN as another affiliate' });
    expect(approve.status).toBe(200);

    const res = await get(`/api/backoffice/affiliate-details/${second.affiliateId}`);
    expect(res.status).toBe(200);
    const details = AffiliateDetails.parse(res.body);
    expect(details).toMatchObject({
      affiliateID: second.affiliateId,
      affiliateCode: second.affiliateCode,
      fullName: 'Duplicate Person',
      status: 'KYC Rejected',
      bankName: 'Access Bank',
      countryName: 'Nigeria',
      remark: 'Same BVN as another affiliate',
      allowedActions: ['approve', 'inactivate'],
    });
    expect(details.flags.map((f) => [f.kind, f.otherAffiliateCode])).toEqual(
      expect.arrayContaining([
        ['ninOrBVN', first.affiliateCode],
        ['accountNumber', first.affiliateCode],
      ]),
    );
    expect(details.history).toHaveLength(1);
    expect(details.history[0]).toMatchObject({
      action: 'affiliate.reject',
      title: 'KYC rejected',
      fromStatus: 'KYC Pending',
      toStatus: 'KYC Rejected',
      remark: 'Same BVN as another affiliate',
      actorName: 'Bola Backoffice',
      actorRole: 'Backoffice',
    });

    const other = AffiliateDetails.parse(
      (await get(`/api/backoffice/affiliate-details/${first.affiliateId}`, backoffice)).body,
    );
    expect(other.flags.map((f) => f.otherAffiliateID)).toEqual([second.affiliateId, second.affiliateId]);
    // first is KYC Complete: back office may only make it inactive; an admin may also reject it.
    expect(other.allowedActions).toEqual(['inactivate']);
    const asAdmin = AffiliateDetails.parse(
      (await get(`/api/backoffice/affiliate-details/${first.affiliateId}`)).body,
    );
    expect(asAdmin.allowedActions).toEqual(['reject', 'inactivate']);
  });

  test('unknown id: 404; malformed id: 400', async () => {
    const unknown = await get('/api/backoffice/affiliate-details/987654');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Affiliate not found.');
    expect((await get('/api/backoffice/affiliate-details/1x')).status).toBe(400);
  });
});
