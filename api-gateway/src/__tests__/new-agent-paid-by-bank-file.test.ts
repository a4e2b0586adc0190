import request from 'supertest';
import {
  BankAccountVerificationResponse,
  BankAccountVerificationState,
  PayoutResultResponse,
  PayoutRunDetail,
  PayoutRunResponse,
  type PayoutLine,
} from '@portal/contracts';
import { createApiKey } from '../auth/api-keys';
import { businessDay } from '../lib/business-time';
import { workbookClass } from '../lib/excel-workbook';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createStaffUser } from '../../test-support/affiliate-fixtures';
import { readyRegistration } from '../../test-support/registration-flow';

// Issue 48, "Done when": a new programme paying on the default rail, the bank file. Two agents register through
// the API, pass KYC and earn commission on a Delivered order; one account is verified by a staff name enquiry,
// the other by the bank reporting its line paid. One admin creates the run, a second approves it, exports the
// bank file and uploads the bank's result; the lines are paid, and the same result uploaded again changes
// nothing. Runs on the embedded database and, in CI's PostgreSQL pass, on the server.

const Workbook = workbookClass();
const RUNS = '/api/admin/payouts/runs';
const CATEGORY = 'Scenario Beverages';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function registerAndApprove(email: string, mobile: string, fullName: string, backoffice: string) {
  const ready = await readyRegistration(t, email, mobile, { fullName });
  const submitted = await ready.browser.post('/api/affiliate/submit-registration').send(ready.payload);
  expect(submitted.status).toBe(201);
  const { rows } = await t.ctx.db.query<{ affiliate_id: string; affiliate_code: string }>(
    'SELECT affiliate_id::text, affiliate_code FROM affiliates WHERE email = $1',
    [email.toLowerCase()],
  );
  const affiliateId = Number(rows[0].affiliate_id);
  const approved = await request(t.app)
    .post('/api/backoffice/affiliate/kyc')
    .set('Authorization', backoffice)
    .send({ affiliateID: affiliateId, isActive: true });
  expect(approved.status).toBe(200);
  return { affiliateId, affiliateCode: rows[0].affiliate_code };
}

test('register, KYC, a Delivered order, verify on the bank-file path both ways, pay with four eyes, upload twice', async () => {
  const backoffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2, 'Bola Backoffice'));
  const creator = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1, 'Ada Creator'));
  const approver = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1, 'Bayo Approver'));
  const adaeze = await registerAndApprove(
    'adaeze.scenario@example.com',
    '8035550101',
    'Adaeze Okafor',
    backoffice,
  );
  const musa = await registerAndApprove('musa.scenario@example.com', '8035550102', 'Musa Bello', backoffice);

  // The programme's terms, as an admin sets them: 10 % on the category, commission available at once.
  for (const code of [adaeze.affiliateCode, musa.affiliateCode]) {
    await t.ctx.db.query(
      `INSERT INTO commission_rates (affiliate_code, product_category, rate_percent, minimum_order_value, effective_date)
       VALUES ($1, $2, 10, 0, '2026-01-01')`,
      [code, CATEGORY],
    );
  }
  await t.ctx.db.query(
    `INSERT INTO product_category_return_windows (product_category, return_days) VALUES ($1, 0)`,
    [CATEGORY],
  );
  // The retail platform sends the retailers and the Delivered orders.
  const key = await createApiKey(t.ctx, 'scenario-platform');
  const ingest = (what: string, body: object) =>
    request(t.app).post(`/api/integration/${what}`).set('X-API-Key', key).send(body);
  const retailers = [adaeze, musa].map((a, i) => ({
    externalId: `SCN-R-${i}`,
    affiliateCode: a.affiliateCode,
    businessName: `Scenario shop ${i}`,
    faoName: 'Fao',
    faoMobileNo: `0803555020${i}`,
    clusterManager: 'Bisi Adewale',
    location: 'Ikeja, Lagos',
  }));
  expect((await ingest('retailers', { retailers })).status).toBe(200);
  const orders = [
    { externalId: 'SCN-O-1', retailerExternalId: 'SCN-R-0', orderValue: '120000.00' },
    { externalId: 'SCN-O-2', retailerExternalId: 'SCN-R-1', orderValue: '85000.00' },
  ].map((o) => ({
    ...o,
    orderDate: '2026-10-15',
    productCategory: CATEGORY,
    buyerName: 'Kemi',
    status: 'Delivered',
  }));
  expect((await ingest('orders', { orders })).status).toBe(200);

  // Way one: a staff name enquiry. Musa's account is left to the bank's paid result (way two).
  const enquiry = await request(t.app)
    .post(`/api/backoffice/affiliate/${adaeze.affiliateId}/bank-verification`)
    .set('Authorization', backoffice)
    .send({ accountName: 'OKAFOR ADAEZE N' });
  expect(BankAccountVerificationResponse.parse(enquiry.body).state.verified).toMatchObject({
    method: 'name-enquiry',
    verifiedBy: 'Bola Backoffice',
  });

  // Create (one admin), approve (another), export.
  const created = await request(t.app)
    .post(RUNS)
    .set('Authorization', creator)
    .send({ cutoff: businessDay(new Date()) });
  expect(created.status).toBe(201);
  const runId = PayoutRunResponse.parse(created.body).run.runId;
  expect((await request(t.app).post(`${RUNS}/${runId}/submit`).set('Authorization', creator)).status).toBe(
    200,
  );
  expect((await request(t.app).post(`${RUNS}/${runId}/approve`).set('Authorization', approver)).status).toBe(
    200,
  );
  const detail = PayoutRunDetail.parse(
    (await request(t.app).get(`${RUNS}/${runId}`).set('Authorization', approver)).body,
  );
  const lineOf = (code: string) => detail.lines.results.find((l) => l.affiliateCode === code) as PayoutLine;
  expect(lineOf(adaeze.affiliateCode)).toMatchObject({
    status: 'processing',
    net: '12000.00',
    accountVerified: true,
  });
  expect(lineOf(musa.affiliateCode)).toMatchObject({
    status: 'processing',
    net: '8500.00',
    accountVerified: false,
  });
  const link = await request(t.app).post(`${RUNS}/${runId}/bank-file`).set('Authorization', approver);
  expect(link.status).toBe(200);
  // Issue 48: a download link works for the user who asked for it.
  const file = await request(t.app)
    .get(link.body.excelPath)
    .set('Authorization', approver)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  const book = new Workbook();
  await book.xlsx.load(file.body as unknown as ArrayBuffer);
  const references: string[] = [];
  book.worksheets[0].eachRow((row, index) => {
    if (index > 1) references.push(String(row.getCell(1).value));
  });
  expect(references.sort()).toEqual(
    [lineOf(adaeze.affiliateCode).reference, lineOf(musa.affiliateCode).reference].sort(),
  );

  // The bank's answer, uploaded by the approver (the creator may not): Adaeze paid first.
  const resultFor = async (rows: string[][]) => {
    const result = new Workbook();
    const sheet = result.addWorksheet('Result');
    for (const row of [['Reference', 'Status', 'Reason'], ...rows]) sheet.addRow(row);
    return Buffer.from(await result.xlsx.writeBuffer());
  };
  const upload = (auth: string, file: Buffer) =>
    request(t.app)
      .post(`${RUNS}/${runId}/bank-result`)
      .set('Authorization', auth)
      .attach('file', file, 'result.xlsx');
  const first = await resultFor([[lineOf(adaeze.affiliateCode).reference!, 'paid', '']]);
  expect((await upload(creator, first)).status).toBe(403);
  expect(PayoutResultResponse.parse((await upload(approver, first)).body)).toMatchObject({
    paid: 1,
    failed: 0,
  });
  const state = async () =>
    (
      await t.ctx.db.query<{ s: string }>(
        `SELECT (SELECT string_agg(status, ',' ORDER BY payout_line_id) FROM payout_lines WHERE payout_run_id = $1)
                || '|' || (SELECT count(*) FROM outbox)::text
                || '|' || (SELECT count(*) FROM bank_account_verifications)::text AS s`,
        [runId],
      )
    ).rows[0].s;
  const before = await state();
  // The same result again: nothing changes (no line, no second notice, no verification).
  expect(PayoutResultResponse.parse((await upload(approver, first)).body)).toMatchObject({
    paid: 0,
    failed: 0,
    unchanged: 1,
    problems: [],
  });
  expect(await state()).toBe(before);

  // Musa's line reported paid: the account it paid is verified by the paid line, and the run is completed.
  const second = await resultFor([
    [lineOf(adaeze.affiliateCode).reference!, 'paid', ''],
    [lineOf(musa.affiliateCode).reference!, 'paid', ''],
  ]);
  const applied = PayoutResultResponse.parse((await upload(approver, second)).body);
  expect(applied).toMatchObject({ paid: 1, unchanged: 1, run: { status: 'completed' } });
  const musaState = BankAccountVerificationState.parse(
    (
      await request(t.app)
        .get(`/api/backoffice/affiliate/${musa.affiliateId}/bank-verification`)
        .set('Authorization', backoffice)
    ).body,
  );
  expect(musaState.verified).toMatchObject({
    method: 'paid-line',
    verifiedBy: 'Bayo Approver',
    accountName: 'Musa Bello',
  });
  const after = await state();
  const again = await upload(approver, second);
  expect(again.status).toBe(409);
  expect(await state()).toBe(after);
});
