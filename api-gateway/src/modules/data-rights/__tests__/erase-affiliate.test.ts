import { existsSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { AffiliateDetails, DataRightsMessages, EraseAffiliateResponse } from '@portal/contracts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createStaffUser } from '../../../../test-support/affiliate-fixtures';
import { readyRegistration } from '../../../../test-support/registration-flow';
import { businessDay } from '../../../lib/business-time';
import { open, seal } from '../../../lib/field-crypto';

// A whole registration, an export and a scan of every table: slow on a busy two-core machine.
jest.setTimeout(180_000);

const KEY = 'erase-affiliate-test-integration-key-0001';
const NAME = 'Chiamaka Nwosulu';
const EMAIL = 'chiamaka.nwosulu@example.com';
const MOBILE = '8039990001';
const BVN = '22948165307';
const ACCOUNT = '0148263957';

let t: TestApp;
let admin: string;
let backoffice: string;
let affiliateId: number;
let affiliateCode: string;
let userId: number;
let selfiePath: string;

const feed = (kind: 'retailers' | 'orders', body: object) =>
  request(t.app).post(`/api/integration/${kind}`).set('X-API-Key', KEY).send(body);

async function download(excelPath: string) {
  return request(t.app)
    .get(excelPath)
    .buffer(true)
    .parse((res, callback) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => callback(null, Buffer.concat(chunks)));
    });
}

/** Every text-like column of every table, with the rows where any of `needles` appears (case-insensitive). */
async function findEverywhere(needles: readonly string[]): Promise<string[]> {
  const { rows: columns } = await t.ctx.db.query<{
    table_name: string;
    column_name: string;
    data_type: string;
  }>(
    `SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
       JOIN information_schema.tables tb ON tb.table_name = c.table_name AND tb.table_schema = c.table_schema
      WHERE c.table_schema = current_schema() AND tb.table_type = 'BASE TABLE'
        AND c.data_type IN ('text', 'character varying', 'jsonb', 'json', 'bytea')`,
  );
  const hits: string[] = [];
  for (const { table_name: table, column_name: column, data_type: type } of columns) {
    const text = type === 'bytea' ? `encode("${column}", 'escape')` : `"${column}"::text`;
    for (const needle of needles) {
      const { rows } = await t.ctx.db.query<{ n: string | number }>(
        // The look-alike message below names someone else (a longer name that contains this one).
        `SELECT count(*) AS n FROM "${table}" WHERE position(lower($1) IN lower(${text})) > 0
            AND ${table === 'outbox' ? "subject IS DISTINCT FROM 'Other'" : 'true'}`,
        [needle],
      );
      if (Number(rows[0].n) > 0) hits.push(`${table}.${column} holds ${needle}`);
    }
  }
  return hits;
}

async function totals() {
  const adminDashboard = await request(t.app).get('/api/user/dashboard').set('Authorization', admin);
  const months = await t.ctx.db.query(
    'SELECT * FROM affiliate_commission_months WHERE affiliate_id = $1 ORDER BY 1, 2',
    [affiliateId],
  );
  const sums = await t.ctx.db.query(
    `SELECT (SELECT sum(order_value)::text FROM orders WHERE affiliate_id = $1) AS orders,
            (SELECT sum(amount)::text FROM commission_entries WHERE affiliate_id = $1) AS commission,
            (SELECT count(*)::int FROM orders WHERE affiliate_id = $1) AS order_count,
            (SELECT sum(net)::text FROM payout_lines WHERE affiliate_id = $1) AS paid`,
    [affiliateId],
  );
  // The figures only: the admin's Recent Activity (issue 51) lists the erasure itself, with the erased name.
  const { activities: _activities, ...figures } = adminDashboard.body as Record<string, unknown>;
  return { dashboard: figures, months: months.rows, sums: sums.rows[0] };
}

beforeAll(async () => {
  t = await createTestApp({ INTEGRATION_API_KEY: KEY });
  admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1));
  backoffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2));

  // Registered as a person would: OTP messages, a selfie, a registration row, the bank details.
  const ready = await readyRegistration(t, EMAIL, MOBILE, {
    fullName: NAME,
    ninOrBVN: BVN,
    accountNumber: ACCOUNT,
  });
  selfiePath = ready.payload.selfieImagePath as string;
  const submitted = await ready.browser.post('/api/affiliate/submit-registration').send(ready.payload);
  expect(submitted.status).toBe(201);
  const { rows } = await t.ctx.db.query<{ affiliate_id: string; affiliate_code: string; user_id: string }>(
    'SELECT affiliate_id, affiliate_code, user_id FROM affiliates WHERE lower(email) = $1',
    [EMAIL],
  );
  affiliateId = Number(rows[0].affiliate_id);
  affiliateCode = rows[0].affiliate_code;
  userId = Number(rows[0].user_id);
  // A bank account name resolved for its account (what a provider would have answered), quoting it.
  await t.ctx.db.query(
    `UPDATE affiliates SET bank_account_name = $2, bank_name_match_score = 100, bank_resolution_ref = 'ref-1',
            bank_resolved_at = now() WHERE affiliate_id = $1`,
    [affiliateId, NAME.toUpperCase()],
  );

  // Orders and commission through the retail platform's feed.
  await t.ctx.db.query(
    `INSERT INTO commission_rates (affiliate_code, product_category, rate_percent, minimum_order_value, effective_date)
     VALUES ($1, 'Beverages', 5, 0, '2020-01-01')`,
    [affiliateCode],
  );
  const retailers = await feed('retailers', {
    retailers: [
      {
        externalId: 'ER-R1',
        affiliateCode,
        businessName: 'Shop ER-R1',
        faoName: 'Ngozi Okafor',
        faoMobileNo: '08031234567',
        clusterManager: 'Bisi Adewale',
        location: 'Ikeja, Lagos',
      },
    ],
  });
  expect(retailers.status).toBe(200);
  const today = businessDay(new Date());
  const orders = await feed('orders', {
    orders: [1, 2, 3].map((n) => ({
      externalId: `ER-${n}`,
      retailerExternalId: 'ER-R1',
      orderDate: today,
      productCategory: 'Beverages',
      orderValue: `${n}000.00`,
      buyerName: `Buyer ${n}`,
      status: 'Delivered',
    })),
  });
  expect(orders.status).toBe(200);

  // A rejection whose remark quotes the name and the BVN (and issues the temporary password by email).
  const rejected = await request(t.app)
    .post('/api/backoffice/affiliate/kyc')
    .set('Authorization', admin)
    .send({ affiliateID: affiliateId, isActive: false, remark: `Selfie is not ${NAME}; BVN ${BVN} differs` });
  expect(rejected.status).toBe(200);
  // A payout line already paid (helper payruns' migration 061): the account it paid, its name.
  await t.ctx.db.query(
    `INSERT INTO payout_lines (affiliate_id, status, gross, net, bank_name, bank_code, account_number_sealed,
                               account_last4, account_name, paystack_recipient_code, paid_at)
     VALUES ($1, 'paid', 300, 300, 'Access Bank', '044', $2, '3957', $3, 'RCP_erase_test', now())`,
    [affiliateId, seal(t.ctx.config.dataKeyring, 'account_number', ACCOUNT), NAME.toUpperCase()],
  );
  // A message to staff quoting it (not to it: it stays, scrubbed), and one whose words only look alike.
  await t.ctx.db.query(
    `INSERT INTO outbox (channel, recipient, subject, body) VALUES
       ('email', 'kyc-team@example.test', 'New KYC', $1), ('email', 'kyc-team@example.test', 'Other', $2)`,
    [`New KYC: ${NAME}, BVN ${BVN}.`, 'New KYC: Chiamaka Nwosuluwe and Chiamakas.'],
  );
  // A failed sign-in under its email, from an address and a browser.
  await request(t.app)
    .post('/api/login/auth')
    .set('User-Agent', 'Erasure-Test-Browser/1.0')
    .send({ userName: EMAIL, password: 'wrong-password-1' });
  await t.ctx.db.query(
    `INSERT INTO login_history (user_id, user_name, ip, user_agent, success) VALUES ($1, $2, '10.9.8.7', 'Agent/1', true)`,
    [userId, EMAIL],
  );
});
afterAll(() => t.close());

describe('erasure of an inactive affiliate (issue 29)', () => {
  test('refused while the affiliate is not Inactive, and to back office', async () => {
    const early = await request(t.app)
      .post(`/api/admin/affiliate/erase/${affiliateId}`)
      .set('Authorization', admin);
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ message: DataRightsMessages.notInactive });
    const details = await request(t.app)
      .get(`/api/backoffice/affiliate-details/${affiliateId}`)
      .set('Authorization', admin);
    expect(AffiliateDetails.parse(details.body).canErase).toBe(false);
    expect(
      (
        await request(t.app)
          .post(`/api/admin/affiliate/erase/${affiliateId}`)
          .set('Authorization', backoffice)
      ).status,
    ).toBe(403);
    expect(
      (await request(t.app).post('/api/admin/affiliate/erase/999999').set('Authorization', admin)).status,
    ).toBe(404);
    expect(
      (await request(t.app).post('/api/admin/affiliate/erase/x1').set('Authorization', admin)).status,
    ).toBe(400);
  });

  test('the personal fields are gone from every table, file, list and export; totals stay; once only', async () => {
    // Its own My data workbook (a file it owns) exists before the erasure.
    // (It changed the temporary password the rejection sent.)
    await t.ctx.db.query('UPDATE users SET force_password_update = false WHERE user_id = $1', [userId]);
    const own = await bearer(t.ctx, userId);
    const myData = await request(t.app).get('/api/user/my-data').set('Authorization', own);
    expect(myData.status).toBe(200);
    const before = await findEverywhere([NAME, EMAIL, MOBILE]);
    expect(before.length).toBeGreaterThan(5);

    expect(
      (
        await request(t.app)
          .post(`/api/backoffice/affiliate/delete/${affiliateId}`)
          .set('Authorization', admin)
      ).status,
    ).toBe(200);
    const details = await request(t.app)
      .get(`/api/backoffice/affiliate-details/${affiliateId}`)
      .set('Authorization', admin);
    expect(AffiliateDetails.parse(details.body).canErase).toBe(true);
    const totalsBefore = await totals();
    expect(totalsBefore.sums).toEqual({
      orders: '6000.00',
      commission: '300.00',
      order_count: 3,
      paid: '300.00',
    });
    expect(totalsBefore.months.length).toBeGreaterThan(0);

    // Issue 48: its commission not yet paid is owed; the admin records how it was settled, or nothing is erased.
    const owed = await request(t.app)
      .post(`/api/admin/affiliate/erase/${affiliateId}`)
      .set('Authorization', admin);
    expect(owed.status).toBe(409);
    const erased = await request(t.app)
      .post(`/api/admin/affiliate/erase/${affiliateId}`)
      .set('Authorization', admin)
      .send({ settledOtherwise: 'Paid by bank transfer outside the portal' });
    expect(erased.status).toBe(200);
    expect(erased.headers['cache-control']).toBe('no-store');
    expect(EraseAffiliateResponse.parse(erased.body)).toEqual({
      message: DataRightsMessages.erased,
      affiliateID: affiliateId,
      affiliateCode,
    });

    // Nowhere in the database: every text, JSON and byte column of every table.
    expect(
      await findEverywhere([NAME, EMAIL, MOBILE, BVN, ACCOUNT, '10.9.8.7', 'Erasure-Test-Browser']),
    ).toEqual([]);
    const { rows: staffMessages } = await t.ctx.db.query<{ body: string }>(
      `SELECT body FROM outbox WHERE recipient = 'kyc-team@example.test' ORDER BY message_id`,
    );
    expect(staffMessages.map((m) => m.body)).toEqual([
      `New KYC: Erased affiliate ${affiliateCode}, BVN [erased].`,
      // A longer name is another person's: left as it is.
      'New KYC: Chiamaka Nwosuluwe and Chiamakas.',
    ]);
    // The paid line keeps its money and reference, not the account: its sealed number opens to nothing.
    const { rows: lines } = await t.ctx.db.query<{
      account_number_sealed: string;
      account_last4: string | null;
      net: string;
    }>('SELECT account_number_sealed, account_last4, net FROM payout_lines WHERE affiliate_id = $1', [
      affiliateId,
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ account_last4: null, net: '300.00' });
    expect(open(t.ctx.config.dataKeyring, 'account_number', lines[0].account_number_sealed)).toBe('');
    // No selfie bytes, no stored files of its own (the selfie, the My data workbook).
    expect(existsSync(path.join(t.ctx.config.dataDir, 'files', selfiePath))).toBe(false);
    const files = await t.ctx.db.query('SELECT 1 FROM stored_files WHERE owner_user_id = $1', [userId]);
    expect(files.rows).toEqual([]);
    expect((await download(myData.body.excelPath as string)).status).toBe(410);

    // Lists and details show the pseudonym; the search finds nothing by the old name or number.
    const list = await request(t.app)
      .get(`/api/backoffice/affiliate?search=${encodeURIComponent(NAME)}`)
      .set('Authorization', admin);
    expect(list.body.totalCount).toBe(0);
    const byNumber = await request(t.app)
      .get(`/api/backoffice/affiliate?search=${BVN}`)
      .set('Authorization', admin);
    expect(byNumber.body.totalCount).toBe(0);
    const after = AffiliateDetails.parse(
      (
        await request(t.app)
          .get(`/api/backoffice/affiliate-details/${affiliateId}`)
          .set('Authorization', admin)
      ).body,
    );
    expect(after).toMatchObject({
      fullName: `Erased affiliate ${affiliateCode}`,
      mobileNumber: '',
      ninOrBVN: '',
      accountNumber: '',
      selfieImagePath: null,
      bankVerification: null,
      status: 'Inactive',
      canErase: false,
      allowedActions: [],
    });
    expect(after.erasedOn).toEqual(expect.any(String));
    expect(after.history[0]).toMatchObject({ action: 'affiliate.erase', title: 'Personal data erased' });

    // The money did not move: the dashboard, the monthly summaries, the sums.
    expect(await totals()).toEqual(totalsBefore);

    // Once only; never active again; no sign-in.
    const again = await request(t.app)
      .post(`/api/admin/affiliate/erase/${affiliateId}`)
      .set('Authorization', admin);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: DataRightsMessages.alreadyErased });
    const activate = await request(t.app)
      .post('/api/backoffice/affiliate/set-active?status=active')
      .set('Authorization', admin)
      .send({ affiliateID: affiliateId });
    expect(activate.status).toBe(409);
    expect(activate.body).toEqual({ message: DataRightsMessages.erasedCannotActivate });
    expect((await request(t.app).get('/api/user/profile').set('Authorization', own)).status).toBe(401);
    const { rows } = await t.ctx.db.query<{ password_hash: string | null; is_active: boolean }>(
      'SELECT password_hash, is_active FROM users WHERE user_id = $1',
      [userId],
    );
    expect(rows[0]).toEqual({ password_hash: null, is_active: false });
    // The database itself refuses to bring numbers back to an erased row.
    await expect(
      t.ctx.db.query(`UPDATE affiliates SET status = 'KYC Pending' WHERE affiliate_id = $1`, [affiliateId]),
    ).rejects.toThrow(/affiliates_erased_holds_nothing/);
  });

  test('two erasures at once: one 200, one 409', async () => {
    const { rows } = await t.ctx.db.query<{ affiliate_id: string }>(
      `WITH u AS (INSERT INTO users (full_name, email, role_id) VALUES ('Race Twice', 'race.twice@example.com', 3)
                  RETURNING user_id)
       INSERT INTO affiliates (user_id, full_name, email, country_id, phone_code, mobile_number, identity_type,
                               nin_or_bvn, bank_id, account_number, status)
       SELECT user_id, 'Race Twice', 'race.twice@example.com', 1, '+234', '8039990002', 'NIN', '29384750169', 1,
              '0011223399', 'Inactive'
         FROM u
       RETURNING affiliate_id`,
    );
    const id = Number(rows[0].affiliate_id);
    const answers = await Promise.all(
      [1, 2].map(() => request(t.app).post(`/api/admin/affiliate/erase/${id}`).set('Authorization', admin)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const audits = await t.ctx.db.query(
      `SELECT 1 FROM audit_log WHERE action = 'affiliate.erase' AND entity_id = $1`,
      [String(id)],
    );
    expect(audits.rows).toHaveLength(1);
  });
  test('erasure racing an activation: exactly one wins, and the row is whole either way', async () => {
    for (let round = 0; round < 4; round++) {
      const email = `race.activate${round}@example.com`;
      const { rows } = await t.ctx.db.query<{ affiliate_id: string }>(
        `WITH u AS (INSERT INTO users (full_name, email, role_id) VALUES ('Race Activate', $1, 3) RETURNING user_id)
         INSERT INTO affiliates (user_id, full_name, email, country_id, phone_code, mobile_number, identity_type,
                                 nin_or_bvn, bank_id, account_number, status, status_before_inactive)
         SELECT user_id, 'Race Activate', $1, 1, '+234', $2, 'NIN', '29384750170', 1, '0011223300', 'Inactive',
                'KYC Complete'
           FROM u
         RETURNING affiliate_id`,
        [email, String(8039990100 + round)],
      );
      const id = Number(rows[0].affiliate_id);
      const [erase, activate] = await Promise.all([
        request(t.app).post(`/api/admin/affiliate/erase/${id}`).set('Authorization', admin),
        request(t.app)
          .post('/api/backoffice/affiliate/set-active?status=active')
          .set('Authorization', admin)
          .send({ affiliateID: id }),
      ]);
      expect([erase.status, activate.status].sort()).toEqual([200, 409]);
      const { rows: after } = await t.ctx.db.query<{
        status: string;
        erased_at: Date | null;
        full_name: string;
      }>('SELECT status, erased_at, full_name FROM affiliates WHERE affiliate_id = $1', [id]);
      if (erase.status === 200) {
        expect(after[0]).toMatchObject({ status: 'Inactive', erased_at: expect.any(Date) });
        expect(activate.body).toEqual({ message: DataRightsMessages.erasedCannotActivate });
      } else {
        expect(after[0]).toEqual({ status: 'KYC Complete', erased_at: null, full_name: 'Race Activate' });
        expect(erase.body).toEqual({ message: DataRightsMessages.notInactive });
      }
    }
  });
  test('refused while a payout to it is in flight; allowed once it settled', async () => {
    const { rows } = await t.ctx.db.query<{ affiliate_id: string }>(
      `WITH u AS (INSERT INTO users (full_name, email, role_id) VALUES ('Paid Soon', 'paid.soon@example.com', 3)
                  RETURNING user_id)
       INSERT INTO affiliates (user_id, full_name, email, country_id, phone_code, mobile_number, identity_type,
                               nin_or_bvn, bank_id, account_number, status)
       SELECT user_id, 'Paid Soon', 'paid.soon@example.com', 1, '+234', '8039990200', 'NIN', '29384750171', 1,
              '0011223311', 'Inactive'
         FROM u
       RETURNING affiliate_id`,
    );
    const id = Number(rows[0].affiliate_id);
    const line = await t.ctx.db.query<{ payout_line_id: string }>(
      `INSERT INTO payout_lines (affiliate_id, status, gross, net, account_number_sealed, bank_code)
       VALUES ($1, 'processing', 50, 50, $2, '044') RETURNING payout_line_id`,
      [id, seal(t.ctx.config.dataKeyring, 'account_number', '0011223311')],
    );
    const refused = await request(t.app).post(`/api/admin/affiliate/erase/${id}`).set('Authorization', admin);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: DataRightsMessages.payoutInFlight });
    await t.ctx.db.query(
      `UPDATE payout_lines SET status = 'paid', paid_at = now() WHERE payout_line_id = $1`,
      [line.rows[0].payout_line_id],
    );
    expect(
      (await request(t.app).post(`/api/admin/affiliate/erase/${id}`).set('Authorization', admin)).status,
    ).toBe(200);
  });
});
