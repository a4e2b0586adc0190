import request from 'supertest';
import type { IntegrationOrder } from '@portal/contracts';
import { AffiliatePayoutsResponse, PayoutMessages } from '@portal/contracts';
import { workbookClass } from '../../../lib/excel-workbook';
import { businessDay } from '../../../lib/business-time';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import {
  bearer,
  createAffiliate,
  createStaffUser,
  type TestAffiliate,
} from '../../../../test-support/affiliate-fixtures';
import { ingestOrders, ingestRetailers } from '../../integration';
import { recomputeCommissionForRates } from '../../commission';

const Workbook = workbookClass();

// The affiliate's Payouts page and remittance advice (issue 28). The ledger is written by the product's own
// ingestion (the orders' trigger); payout runs and lines are written by SQL as a finished run leaves them, so
// these tests do not depend on the run screens' steps.

jest.setTimeout(60_000);

let t: TestApp;
let admin: number;
let mine: TestAffiliate;
let theirs: TestAffiliate;
let myToken: string;
let theirToken: string;
const DAY = 86_400_000;

let shops = 0;
async function shopOf(affiliate: TestAffiliate): Promise<string> {
  const retailer = `PAYOUT-R${++shops}`;
  await t.ctx.db.transaction((tx) =>
    ingestRetailers(tx, [
      {
        externalId: retailer,
        affiliateCode: affiliate.affiliateCode,
        businessName: 'Payout shop',
        faoName: 'Fao',
        faoMobileNo: '08031000000',
        clusterManager: 'Bisi Adewale',
        location: 'Ikeja, Lagos',
      },
    ]),
  );
  return retailer;
}

/** Orders qualified `daysAgo` days ago (the ledger holds each from then), with a 5 % rate by SQL. */
async function qualify(
  retailer: string,
  orders: { id: string; value: string; status?: IntegrationOrder['status'] }[],
  daysAgo: number,
): Promise<void> {
  await t.ctx.db.transaction(async (tx) => {
    await tx.query("SELECT set_config('portal.ledger_now', $1, true)", [
      new Date(t.ctx.now().getTime() - daysAgo * DAY).toISOString(),
    ]);
    await ingestOrders(
      tx,
      orders.map((o) => ({
        externalId: o.id,
        retailerExternalId: retailer,
        orderDate: businessDay(new Date(t.ctx.now().getTime() - (daysAgo + 2) * DAY)),
        productCategory: 'Beverages',
        orderValue: o.value,
        buyerName: 'Kemi Alade',
        status: o.status ?? 'Delivered',
      })),
    );
  });
}

async function setCommission(externalId: string, amount: string, status?: string): Promise<void> {
  await t.ctx.db.query(
    `UPDATE orders SET commission_amount = $2, status = coalesce($3, status) WHERE external_id = $1`,
    [externalId, amount, status ?? null],
  );
}

async function liveEntries(externalId: string): Promise<string[]> {
  const { rows } = await t.ctx.db.query<{ entry_id: string }>(
    `SELECT e.entry_id::text FROM commission_entries e JOIN orders o ON o.order_id = e.order_id
      WHERE o.external_id = $1 AND e.kind <> 'reversal' AND NOT e.reversed ORDER BY e.entry_id`,
    [externalId],
  );
  return rows.map((row) => row.entry_id);
}

let runs = 0;
/**
 * A finished run (bank file, withholding `percent`) with one line of `affiliate` holding `entries` in `status`;
 * gross is their sum, deductions round(gross × percent / 100, 2), as the run would compute them.
 */
async function line(
  affiliate: TestAffiliate,
  entries: string[],
  status: string,
  { percent = '5.00', paidAt = null as Date | null, reason = null as string | null } = {},
): Promise<number> {
  return t.ctx.db.transaction(async (tx) => {
    const run = ++runs;
    const other = await createStaffUser(tx, 1, `Approver ${run}`);
    const { rows: r } = await tx.query<{ id: string }>(
      `INSERT INTO payout_runs (cutoff, status, provider, minimum_payout, withholding_percent, entries_before,
                                created_by, submitted_at, decided_by, decided_at, completed_at)
       VALUES (current_date, 'completed', 'bank-file', 1000, $1, now(), $2, now(), $3, now(), now())
       RETURNING payout_run_id::text AS id`,
      [percent, admin, other],
    );
    const { rows: g } = await tx.query<{ gross: string }>(
      `SELECT coalesce(sum(amount), 0)::text AS gross FROM commission_entries WHERE entry_id = ANY ($1::bigint[])`,
      [entries],
    );
    const { rows: next } = await tx.query<{ id: string }>(
      `SELECT nextval(pg_get_serial_sequence('payout_lines', 'payout_line_id'))::text AS id`,
    );
    const id = next[0].id;
    await tx.query(
      `INSERT INTO payout_lines (payout_line_id, affiliate_id, status, payout_run_id, reference, gross, deductions,
                                 net, bank_name, bank_code, account_number_sealed, account_last4, account_name,
                                 status_reason, paid_at)
       SELECT $8::bigint, $1, $2, $3::bigint, $9, g, d, g - d, 'Guaranty Trust Bank', '058', 'sealed', '1234',
              'AMAKA EZE', $6, $7
         FROM (SELECT $4::numeric AS g, round($4::numeric * $5::numeric / 100, 2) AS d) x`,
      [
        affiliate.affiliateId,
        status,
        r[0].id,
        g[0].gross,
        percent,
        reason,
        paidAt,
        id,
        `po-${r[0].id}-${id}`,
      ],
    );
    if (entries.length && !['ineligible'].includes(status))
      await tx.query(
        `INSERT INTO payout_line_entries (payout_line_id, line_status, entry_id)
         SELECT $1, $2, unnest($3::bigint[])`,
        [id, status, entries],
      );
    return Number(id);
  });
}

async function page(token: string, query = '') {
  return request(t.app).get(`/api/affiliate/payouts${query}`).set('Authorization', token);
}

async function download(excelPath: string, owner: string) {
  return request(t.app)
    .get(excelPath)
    .set('Authorization', owner)
    .buffer(true)
    .parse((res, callback) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => callback(null, Buffer.concat(chunks)));
    });
}

async function sheet(buffer: Buffer): Promise<{ values: unknown[][]; formats: (string | undefined)[][] }> {
  const workbook = new Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const values: unknown[][] = [];
  const formats: (string | undefined)[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    values.push((row.values as unknown[]).slice(1));
    const f: (string | undefined)[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => f.push(cell.numFmt));
    formats.push(f);
  });
  return { values, formats };
}

/** Kobo as a bigint from naira text: sums without floating point. */
const kobo = (naira: string) => {
  const [whole, fraction = ''] = naira.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  return naira.startsWith('-') ? -value : value;
};
const naira = (k: bigint) => {
  const sign = k < 0n ? '-' : '';
  const abs = k < 0n ? -k : k;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};
const sum = (values: string[]) => naira(values.reduce((total, value) => total + kobo(value), 0n));

let paidLine: number;
let processingLine: number;
let failedLine: number;
let lastYearLine: number;
let theirLine: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffUser(t.ctx.db, 1, 'Ada Admin');
  mine = await createAffiliate(t.ctx.db, { status: 'KYC Complete', fullName: 'Amaka Eze' });
  theirs = await createAffiliate(t.ctx.db, { status: 'KYC Complete', fullName: 'Bayo Ojo' });
  myToken = await bearer(t.ctx, mine.userId);
  theirToken = await bearer(t.ctx, theirs.userId);
  const shop = await shopOf(mine);
  const theirShop = await shopOf(theirs);
  // 5 % on Beverages for both: orders earn their commission as they are ingested.
  await t.ctx.db.query(
    `INSERT INTO commission_rates (affiliate_code, product_category, rate_percent, effective_date)
     VALUES ($1, 'Beverages', 5, '2000-01-01'), ($2, 'Beverages', 5, '2000-01-01')`,
    [mine.affiliateCode, theirs.affiliateCode],
  );

  // Available: qualified 40 days ago (a 14-day window has passed). Pending: qualified today.
  await qualify(
    shop,
    [
      { id: 'P-A1', value: '10000.00' },
      { id: 'P-A2', value: '20000.00' },
      { id: 'P-A3', value: '3000.60' },
      { id: 'P-A4', value: '4000.00' },
      { id: 'P-A5', value: '5000.00' },
      { id: 'P-A6', value: '6000.00' },
    ],
    40,
  );
  await qualify(
    shop,
    [
      { id: 'P-H1', value: '7000.00' },
      { id: 'P-H2', value: '8000.00' },
      { id: 'P-H3', value: '900.00' },
    ],
    0,
  );
  await qualify(theirShop, [{ id: 'T-A1', value: '50000.00' }], 40);
  // Paid this year: A1, A2 (and A3's 150.03 with its kobo), withholding 5 %.
  paidLine = await line(
    mine,
    [...(await liveEntries('P-A1')), ...(await liveEntries('P-A2')), ...(await liveEntries('P-A3'))],
    'paid',
    {
      paidAt: new Date(t.ctx.now().getTime() - 60_000),
    },
  );
  // Then A1 was returned (a clawback) and A2's rate went up (an adjustment): both after payment.
  await setCommission('P-A1', '500.00', 'Rejected');
  await setCommission('P-A2', '1100.00');
  // In payout: A4, at 0 % withholding. Failed: A5 (free again, so available).
  processingLine = await line(mine, await liveEntries('P-A4'), 'processing', { percent: '0.00' });
  failedLine = await line(mine, await liveEntries('P-A5'), 'failed', { reason: 'Account closed' });
  // Paid last year (not this year's figure): a line holding no entry of these orders would not reconcile, so
  // it pays A6.
  const lastYear = new Date(`${Number(businessDay(t.ctx.now()).slice(0, 4)) - 1}-06-15T10:00:00Z`);
  lastYearLine = await line(mine, await liveEntries('P-A6'), 'paid', { paidAt: lastYear });
  // Lines the affiliate never sees: not paid at all.
  await line(mine, [], 'ineligible', { reason: 'Below the minimum payout' });
  // A pending order reversed before payment: a reversal pair in the explanations, 0 in every balance.
  await setCommission('P-H3', '45.00', 'Rejected');
  theirLine = await line(theirs, await liveEntries('T-A1'), 'paid', { paidAt: new Date() });
});
afterAll(() => t?.close());

test('the cards are the ledger: pending with its date, available, in payout, paid this year; every figure reconciles with the entries', async () => {
  const res = await page(myToken);
  expect(res.status).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const body = AffiliatePayoutsResponse.parse(res.body);
  // Pending: H1 + H2 (H3 reversed: its pair adds 0).
  expect(body.cards.pending).toBe('750.00');
  expect(businessDay(new Date(body.cards.nextAvailableAt!))).toBe(
    businessDay(new Date(t.ctx.now().getTime() + 14 * DAY)),
  );
  // Available: A5 (its line failed) + the adjustment 100.00 − the clawback 500.00 (taken back at once; the
  // adjustment waits for A2's available_at, 26 days ago, so it counts too).
  expect(body.cards.available).toBe('-150.00');
  expect(body.cards.inPayout).toBe('200.00');
  // Net of this year's paid line: 1650.03 − round(1650.03 × 5 %, 2) = 1650.03 − 82.50.
  expect(body.cards.paidThisYear).toBe('1567.53');

  // The same figures from the entries, summed by SQL apart from the page's code.
  const { rows } = await t.ctx.db.query<{ state: string; total: string }>(
    `SELECT CASE WHEN p.line_status IN ('paid') THEN 'paid'
                 WHEN p.line_status IN ('pending', 'sending', 'processing') THEN 'inPayout'
                 WHEN e.available_at > now() THEN 'pending' ELSE 'available' END AS state,
            sum(e.amount)::text AS total
       FROM commission_entries e
       LEFT JOIN payout_line_entries p ON p.entry_id = e.entry_id
                                      AND p.line_status IN ('pending', 'sending', 'processing', 'paid')
      WHERE e.affiliate_id = $1 GROUP BY 1`,
    [mine.affiliateId],
  );
  const byState = Object.fromEntries(rows.map((row) => [row.state, row.total]));
  expect(kobo(body.cards.pending)).toBe(kobo(byState.pending));
  expect(kobo(body.cards.available)).toBe(kobo(byState.available));
  expect(kobo(body.cards.inPayout)).toBe(kobo(byState.inPayout));
  // pending + available + in payout + paid = the commission of the qualified orders, to the kobo.
  const { rows: engine } = await t.ctx.db.query<{ total: string }>(
    `SELECT sum(commission_amount)::text AS total FROM orders
      WHERE affiliate_id = $1 AND status IN ('Delivered', 'Completed')`,
    [mine.affiliateId],
  );
  expect(sum([body.cards.pending, body.cards.available, body.cards.inPayout, byState.paid])).toBe(
    engine[0].total,
  );

  // Paid this year is the sum of this year's paid rows of the table.
  const thisYear = businessDay(t.ctx.now()).slice(0, 4);
  const paidRows = body.payouts.results.filter(
    (row) => row.status === 'paid' && businessDay(new Date(row.date)).startsWith(thisYear),
  );
  expect(sum(paidRows.map((row) => row.net))).toBe(body.cards.paidThisYear);
  // Each row: net = gross − deductions; gross = its entries.
  for (const row of body.payouts.results) {
    expect(sum([row.gross, `-${row.deductions}`])).toBe(row.net);
    const { rows: held } = await t.ctx.db.query<{ total: string | null }>(
      `SELECT sum(e.amount)::text AS total FROM payout_line_entries p
         JOIN commission_entries e ON e.entry_id = p.entry_id WHERE p.payout_line_id = $1`,
      [row.lineId],
    );
    expect(held[0].total).toBe(row.gross);
  }
  // The ledger list is the Pending and Available cards: its held entries are Pending, the rest Available, and
  // each order's net is the sum of its entries.
  const entries = body.explanations.results.flatMap((order) => order.entries);
  expect(sum(entries.filter((entry) => entry.held).map((entry) => entry.amount))).toBe(body.cards.pending);
  expect(sum(entries.filter((entry) => !entry.held).map((entry) => entry.amount))).toBe(body.cards.available);
  for (const order of body.explanations.results)
    expect(sum(order.entries.map((entry) => entry.amount))).toBe(order.net);
  expect(sum(body.explanations.results.map((order) => order.net))).toBe(
    sum([body.cards.pending, body.cards.available]),
  );
});

test("the payouts: newest first, 'GTBank ****1234', the status, a failed one's reason; never one that paid nothing, never another affiliate's", async () => {
  const body = AffiliatePayoutsResponse.parse((await page(myToken)).body);
  expect(body.payouts.totalCount).toBe(4);
  expect(body.payouts.results.map((row) => [row.lineId, row.status, row.account, row.reason])).toEqual([
    [failedLine, 'failed', 'GTBank ****1234', 'Account closed'],
    [processingLine, 'processing', 'GTBank ****1234', null],
    [paidLine, 'paid', 'GTBank ****1234', null],
    [lastYearLine, 'paid', 'GTBank ****1234', null],
  ]);
  expect(body.payouts.results.map((row) => row.lineId)).not.toContain(theirLine);
  const theirBody = AffiliatePayoutsResponse.parse((await page(theirToken)).body);
  expect(theirBody.payouts.results.map((row) => row.lineId)).toEqual([theirLine]);
  expect(theirBody.explanations.totalCount).toBe(0);
});

test("the ledger list: each order's entries together, a reversal beside what it cancels, reasons in the affiliate's words with ₦", async () => {
  const body = AffiliatePayoutsResponse.parse((await page(myToken)).body);
  const { rows: codes } = await t.ctx.db.query<{ external_id: string; order_code: string }>(
    `SELECT external_id, order_code FROM orders WHERE external_id LIKE 'P-%'`,
  );
  const code = Object.fromEntries(codes.map((c) => [c.external_id, c.order_code]));
  const order = (externalId: string) =>
    body.explanations.results.find((row) => row.orderCode === code[externalId]);
  const shown = (externalId: string) =>
    order(externalId)?.entries.map((entry) => [entry.kind, entry.amount, entry.reason, entry.held]);

  // Held: the commission and when it becomes available.
  expect(shown('P-H1')).toEqual([['holding', '350.00', 'Earned on an order received as Delivered', true]]);
  expect(order('P-H1')?.net).toBe('350.00');
  // Cancelled before it was paid: the commission and its reversal side by side, net 0.
  expect(shown('P-H3')).toEqual([
    ['holding', '45.00', 'Earned on an order received as Delivered', true],
    ['reversal', '-45.00', 'Order went from Delivered to Rejected: its commission is cancelled', true],
  ]);
  expect(order('P-H3')?.net).toBe('0.00');
  // Returned after payment: only the clawback is still to settle; it is owed.
  expect(shown('P-A1')).toEqual([
    [
      'clawback',
      '-500.00',
      'Order went from Delivered to Rejected after it was paid: its commission is taken back from your next commission',
      false,
    ],
  ]);
  expect(shown('P-A2')).toEqual([
    ['adjustment', '100.00', 'Commission on this order recomputed after it was paid: ₦100.00 more', false],
  ]);
  // Its line failed: the commission is available again, as commission.
  expect(shown('P-A5')).toEqual([
    ['commission', '250.00', 'Earned on an order received as Delivered', false],
  ]);
  // In payout or paid: not in the list (the cards In payout and Paid hold them).
  expect(order('P-A4')).toBeUndefined();
  expect(order('P-A3')).toBeUndefined();
  // Newest order first.
  const latest = body.explanations.results.map((row) =>
    row.entries
      .map((entry) => entry.createdAt)
      .sort()
      .pop(),
  );
  expect([...latest].sort().reverse()).toEqual(latest);
});

test('a rate upload reads as the rate that changed, with ₦; a clawback of commission only held by a payout not yet paid does not say "after it was paid"', async () => {
  const agent = await createAffiliate(t.ctx.db, { status: 'KYC Complete', fullName: 'Chika Obi' });
  const token = await bearer(t.ctx, agent.userId);
  const shop = await shopOf(agent);
  await t.ctx.db.query(
    `INSERT INTO commission_rates (affiliate_code, product_category, rate_percent, effective_date)
     VALUES ($1, 'Beverages', 10, '2000-01-01')`,
    [agent.affiliateCode],
  );
  await qualify(
    shop,
    [
      { id: 'R-1', value: '10000.00' },
      { id: 'R-2', value: '8000.00' },
    ],
    0,
  );
  const from = businessDay(new Date(t.ctx.now().getTime() - 5 * DAY));
  await t.ctx.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO commission_rates (affiliate_code, product_category, rate_percent, effective_date)
       VALUES ($1, 'Beverages', 12.5, $2)`,
      [agent.affiliateCode, from],
    );
    await recomputeCommissionForRates(
      tx,
      [{ affiliateCode: agent.affiliateCode, productCategory: 'Beverages', effectiveDate: from }],
      'rate upload 7',
    );
  });
  // R-2 goes into a payout line that is not paid yet, then the order is returned.
  await line(agent, await liveEntries('R-2'), 'processing', { percent: '0.00' });
  await setCommission('R-2', '0.00', 'Rejected');

  const body = AffiliatePayoutsResponse.parse((await page(token)).body);
  const { rows } = await t.ctx.db.query<{ external_id: string; order_code: string }>(
    `SELECT external_id, order_code FROM orders WHERE external_id LIKE 'R-%'`,
  );
  const code = Object.fromEntries(rows.map((c) => [c.external_id, c.order_code]));
  const entries = (externalId: string) =>
    body.explanations.results
      .find((row) => row.orderCode === code[externalId])
      ?.entries.map((entry) => [entry.kind, entry.amount, entry.reason]);
  expect(entries('R-1')).toEqual([
    ['holding', '1000.00', 'Earned on an order received as Delivered'],
    [
      'reversal',
      '-1000.00',
      `Commission rate for Beverages changed from 10% to 12.5% from ${from}: ₦1,000.00 is replaced by ₦1,250.00`,
    ],
    [
      'holding',
      '1250.00',
      `Commission rate for Beverages changed to 12.5% from ${from}: the new commission is ₦1,250.00`,
    ],
  ]);
  // What R-2 holds besides depends on how the recompute reached it (a reversal pair, or an adjustment in the
  // line); the clawback is there, in those words, and the order nets to what is owed.
  expect(entries('R-2')).toContainEqual([
    'clawback',
    '-1000.00',
    'Order went from Delivered to Rejected before it was paid: its commission is taken back from your next commission',
  ]);
  expect(body.explanations.results.find((row) => row.orderCode === code['R-2'])?.net).toBe('-1000.00');
  const all = body.explanations.results.flatMap((row) => row.entries);
  expect(sum(all.filter((entry) => entry.held).map((entry) => entry.amount))).toBe(body.cards.pending);
  expect(sum(all.filter((entry) => !entry.held).map((entry) => entry.amount))).toBe(body.cards.available);
  expect(body.cards.available).toBe('-1000.00');
  // Never a raw figure or an inner word.
  for (const entry of all) expect(entry.reason).not.toMatch(/upload|\b\d+\.\d{2}\b(?<!₦[\d,]*\.\d{2})/);
});

test('pages: each list has its own page and size; past the end is an empty page with the total', async () => {
  const first = AffiliatePayoutsResponse.parse(
    (await page(myToken, '?pageSize=2&explanationsPageSize=3')).body,
  );
  // A page of the ledger list is a page of orders, each with all its entries.
  const orders = new Set(first.explanations.results.map((row) => row.orderCode));
  expect(orders.size).toBe(3);
  expect(first.payouts.results).toHaveLength(2);
  expect(first.payouts).toMatchObject({ totalCount: 4, pageNo: 1, pageSize: 2 });
  expect(first.explanations.results).toHaveLength(3);
  const second = AffiliatePayoutsResponse.parse(
    (await page(myToken, '?page=2&pageSize=2&explanationsPage=2&explanationsPageSize=3')).body,
  );
  expect(second.payouts.results.map((row) => row.lineId)).toEqual([paidLine, lastYearLine]);
  expect(second.explanations.results.length).toBeGreaterThan(0);
  const beyond = AffiliatePayoutsResponse.parse((await page(myToken, '?page=9&explanationsPage=9')).body);
  expect(beyond.payouts).toMatchObject({ results: [], totalCount: 4, pageNo: 9 });
  expect(beyond.explanations.results).toEqual([]);
  expect(beyond.explanations.totalCount).toBe(first.explanations.totalCount);
  for (const query of ['?page=0', '?page=-1', '?pageSize=101', '?explanationsPage=abc', '?page=1e3']) {
    const res = await page(myToken, query);
    expect([query, res.status, typeof res.body.message]).toEqual([query, 400, 'string']);
  }
});

test('the remittance advice: single-use link; the orders it pays with commission, adjustments, clawbacks, deductions and net, in naira with two decimals', async () => {
  const res = await request(t.app)
    .post(`/api/affiliate/payouts/${paidLine}/advice`)
    .set('Authorization', myToken);
  expect(res.status).toBe(200);
  expect(res.body.excelPath).toMatch(/^\/api\/report\/download\?token=[\w-]{43}$/);
  const file = await download(res.body.excelPath, myToken);
  expect(file.status).toBe(200);
  expect(file.headers['content-disposition']).toMatch(
    /^attachment; filename="remittance-advice-po-\d+-\d+\.xlsx"$/,
  );
  expect((await download(res.body.excelPath, myToken)).status).toBe(410);
  const { values, formats } = await sheet(file.body as Buffer);
  expect(values[0]).toEqual(['Item', 'Order ID', 'Order Date', 'Description', 'Amount (NGN)']);
  const entries = values
    .slice(1)
    .filter((row) => ['Commission', 'Adjustment', 'Clawback'].includes(String(row[0])));
  expect(entries.map((row) => [row[0], row[4]])).toEqual([
    ['Commission', 500],
    ['Commission', 1000],
    ['Commission', 150.03],
  ]);
  const item = (name: string) => values.find((row) => row[0] === name)!;
  // The rows sum to the gross; gross − deductions = net, to the kobo.
  const entryKobo = entries.reduce((total, row) => total + BigInt(Math.round(Number(row[4]) * 100)), 0n);
  expect(naira(entryKobo)).toBe('1650.03');
  expect(item('Gross')[4]).toBe(1650.03);
  expect(item('Deductions')[4]).toBe(-82.5);
  expect(item('Net')[4]).toBe(1567.53);
  expect(String(item('Net')[3])).toBe('Paid to GTBank ****1234');
  expect(String(item('Deductions')[3])).toBe('Withholding at 5.00%');
  expect(String(item('Affiliate')[3])).toBe(`${mine.affiliateCode} Amaka Eze`);
  expect(String(item('Status')[3])).toBe('Paid');
  // Money cells: naira with two decimals.
  const moneyRows = values
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => typeof row[4] === 'number');
  expect(moneyRows.length).toBe(6);
  for (const { index } of moneyRows) expect(formats[index][4]).toBe('"₦"#,##0.00');

  // The line that pays the clawback later would list it; the adjustment's order is in this advice once.
  const processing = await request(t.app)
    .post(`/api/affiliate/payouts/${processingLine}/advice`)
    .set('Authorization', myToken);
  const p = await sheet((await download(processing.body.excelPath, myToken)).body as Buffer);
  expect(p.values.find((row) => row[0] === 'Deductions')![4]).toBe(0);
  expect(p.values.find((row) => row[0] === 'Status')![3]).toBe('Processing');
});

test("another affiliate's payout, one that does not exist, a line that paid nothing and ids that are no id: 404 JSON, nothing written", async () => {
  // Compared by token, not by count: the previous test's download removes its token after the response.
  const tokens = async () =>
    (
      await t.ctx.db.query<{ token_hash: string; user_id: number }>(
        'SELECT token_hash, user_id FROM download_tokens',
      )
    ).rows;
  const before = new Set((await tokens()).map((row) => row.token_hash));
  const { rows: ineligible } = await t.ctx.db.query<{ id: string }>(
    `SELECT payout_line_id::text AS id FROM payout_lines WHERE affiliate_id = $1 AND status = 'ineligible'`,
    [mine.affiliateId],
  );
  for (const id of [
    String(theirLine),
    ineligible[0].id,
    '999999999',
    '0',
    '-1',
    '1.5',
    'abc',
    '99999999999999999999999',
    '9223372036854775808',
    '%20',
  ]) {
    const res = await request(t.app)
      .post(`/api/affiliate/payouts/${id}/advice`)
      .set('Authorization', myToken);
    expect([id, res.status, res.type]).toEqual([id, 404, 'application/json']);
    expect(res.body.message).toBe(PayoutMessages.adviceNotFound);
  }
  // The owner gets its own.
  const theirsRes = await request(t.app)
    .post(`/api/affiliate/payouts/${theirLine}/advice`)
    .set('Authorization', theirToken);
  expect(theirsRes.status).toBe(200);
  const written = (await tokens()).filter((row) => !before.has(row.token_hash));
  expect(written.map((row) => Number(row.user_id))).toEqual([theirs.userId]);
});

test('only a KYC Complete affiliate: staff and a rejected affiliate are refused', async () => {
  const rejected = await createAffiliate(t.ctx.db, { status: 'KYC Rejected' });
  for (const token of [await bearer(t.ctx, rejected.userId), await bearer(t.ctx, admin)]) {
    expect((await page(token)).status).toBe(403);
    expect(
      (await request(t.app).post(`/api/affiliate/payouts/${paidLine}/advice`).set('Authorization', token))
        .status,
    ).toBe(403);
  }
  expect((await request(t.app).get('/api/affiliate/payouts')).status).toBe(401);
});

test('a new affiliate: zero cards, no date, two empty lists', async () => {
  const fresh = await createAffiliate(t.ctx.db, { status: 'KYC Complete' });
  const body = AffiliatePayoutsResponse.parse((await page(await bearer(t.ctx, fresh.userId))).body);
  expect(body.cards).toEqual({
    pending: '0.00',
    nextAvailableAt: null,
    available: '0.00',
    inPayout: '0.00',
    paidThisYear: '0.00',
    heldForReview: false,
  });
  expect(body.payouts).toEqual({ results: [], totalCount: 0, pageNo: 1, pageSize: 25 });
  expect(body.explanations).toEqual({ results: [], totalCount: 0, pageNo: 1, pageSize: 25 });
});

test('race: lines paid while the page is read; every answer adds up within itself (one snapshot)', async () => {
  const racer = await createAffiliate(t.ctx.db, { status: 'KYC Complete', fullName: 'Ruth Racer' });
  await t.ctx.db.query(
    `INSERT INTO commission_rates (affiliate_code, product_category, rate_percent, effective_date)
     VALUES ($1, 'Beverages', 5, '2000-01-01')`,
    [racer.affiliateCode],
  );
  const shop = await shopOf(racer);
  const orders = Array.from({ length: 12 }, (_, i) => ({ id: `RACE-${i}`, value: `${1000 + i * 20}.00` }));
  await qualify(shop, orders, 40);
  const lines: number[] = [];
  for (const o of orders) lines.push(await line(racer, await liveEntries(o.id), 'processing'));
  const token = await bearer(t.ctx, racer.userId);
  const answers: AffiliatePayoutsResponse[] = [];
  const reads = (async () => {
    for (let i = 0; i < 30; i += 1) answers.push(AffiliatePayoutsResponse.parse((await page(token)).body));
  })();
  const writes = (async () => {
    for (const id of lines)
      await t.ctx.db.query(
        // Recorded by the run's approver: never by its creator (migration 079).
        `UPDATE payout_lines SET status = 'paid', paid_at = now(),
                result_by = (SELECT decided_by FROM payout_runs r WHERE r.payout_run_id = payout_lines.payout_run_id)
          WHERE payout_line_id = $1`,
        [id],
      );
  })();
  await Promise.all([reads, writes]);
  for (const answer of answers) {
    const rows = answer.payouts.results;
    expect(answer.payouts.totalCount).toBe(12);
    expect(sum(rows.filter((row) => row.status === 'processing').map((row) => row.gross))).toBe(
      answer.cards.inPayout,
    );
    expect(sum(rows.filter((row) => row.status === 'paid').map((row) => row.net))).toBe(
      answer.cards.paidThisYear,
    );
  }
  expect(answers.at(-1)).toBeDefined();
});

test('the advice of the payout that takes a clawback back and pays an adjustment lists both, each with its order and reason', async () => {
  const payee = await createAffiliate(t.ctx.db, { status: 'KYC Complete', fullName: 'Chidi Okoro' });
  await t.ctx.db.query(
    `INSERT INTO commission_rates (affiliate_code, product_category, rate_percent, effective_date)
     VALUES ($1, 'Beverages', 5, '2000-01-01')`,
    [payee.affiliateCode],
  );
  const shop = await shopOf(payee);
  await qualify(
    shop,
    [
      { id: 'C-1', value: '10000.00' },
      { id: 'C-2', value: '4000.00' },
      { id: 'C-3', value: '30000.00' },
    ],
    40,
  );
  await line(payee, [...(await liveEntries('C-1')), ...(await liveEntries('C-2'))], 'paid', {
    paidAt: new Date(t.ctx.now().getTime() - 60_000),
  });
  await setCommission('C-1', '500.00', 'Rejected'); // a clawback of 500.00
  await setCommission('C-2', '250.00'); // an adjustment of +50.00
  const { rows } = await t.ctx.db.query<{ entry_id: string }>(
    `SELECT e.entry_id::text FROM commission_entries e JOIN orders o ON o.order_id = e.order_id
      WHERE o.external_id IN ('C-1', 'C-2') AND e.kind IN ('clawback', 'adjustment')`,
  );
  const next = await line(
    payee,
    [...(await liveEntries('C-3')), ...rows.map((row) => row.entry_id)],
    'processing',
    {
      percent: '0.00',
    },
  );
  const payeeToken = await bearer(t.ctx, payee.userId);
  const res = await request(t.app)
    .post(`/api/affiliate/payouts/${next}/advice`)
    .set('Authorization', payeeToken);
  const { values } = await sheet((await download(res.body.excelPath, payeeToken)).body as Buffer);
  const entries = values.filter((row) => ['Commission', 'Adjustment', 'Clawback'].includes(String(row[0])));
  expect(entries.map((row) => [row[0], row[4], String(row[3]).replace(/^Order \S+: /, '')])).toEqual(
    expect.arrayContaining([
      ['Commission', 1500, 'received as Delivered'],
      ['Clawback', -500, 'status changed from Delivered to Rejected after payment'],
      ['Adjustment', 50, 'commission changed from 200.00 to 250.00 after payment'],
    ]),
  );
  expect(entries).toHaveLength(3);
  const total = entries.reduce((sum, row) => sum + BigInt(Math.round(Number(row[4]) * 100)), 0n);
  expect(naira(total)).toBe('1050.00');
  expect(values.find((row) => row[0] === 'Gross')![4]).toBe(1050);
  expect(values.find((row) => row[0] === 'Net')![4]).toBe(1050);
});
