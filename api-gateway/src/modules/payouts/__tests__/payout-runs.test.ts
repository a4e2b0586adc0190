import { businessDay } from '../../../lib/business-time';
import request from 'supertest';
import {
  PayoutIneligibleReasons,
  PayoutLineResponse,
  PayoutMessages,
  PayoutResultResponse,
  PayoutRunDetail,
  PayoutRunResponse,
  PayoutRunsPage,
  PayoutSettings,
  SavePayoutSettingsResponse,
  type PayoutLine,
} from '@portal/contracts';
import { workbookClass } from '../../../lib/excel-workbook';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createStaffUser } from '../../../../test-support/affiliate-fixtures';
import {
  addOrders,
  fundedAffiliate,
  setOrderStatus,
  type FundedAffiliate,
} from '../../../../test-support/payout-fixtures';
import { describeAudit, listRecentAudit } from '../../audit';
import { affiliateBalances } from '../ledger/balances';
import { parseCsv } from '../bank-file';

const Workbook = workbookClass();

// Payout runs (issue 28, docs/payouts.md): settings, a run's lines and reasons, four eyes, exclusion, the bank
// file, the bank's result and marking by hand. The runs follow one another (one open run at a time), so the
// tests run in order and each closes the run it opened.

let t: TestApp;
let creator: string;
let approver: string;
const RUNS = '/api/admin/payouts/runs';

beforeAll(async () => {
  t = await createTestApp();
  creator = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1, 'Ada Creator'));
  approver = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1, 'Bayo Approver'));
});
afterAll(() => t?.close());

// The business day (Lagos), as the gateway judges a cutoff: UTC's date is the day before from 23:00 UTC.
const today = () => businessDay(new Date());
const post = (path: string, auth: string, body: object = {}) =>
  request(t.app).post(path).set('Authorization', auth).send(body);
const get = (path: string, auth = creator) => request(t.app).get(path).set('Authorization', auth);

async function createRun(cutoff = today()) {
  const res = await post(RUNS, creator, { cutoff });
  expect(res.status).toBe(201);
  return PayoutRunResponse.parse(res.body).run;
}

async function linesOf(runId: number): Promise<PayoutLine[]> {
  const res = await get(`${RUNS}/${runId}?pageSize=100`);
  expect(res.status).toBe(200);
  return PayoutRunDetail.parse(res.body).lines.results;
}

const lineOf = (lines: PayoutLine[], affiliate: FundedAffiliate) => {
  const line = lines.find((l) => l.affiliateCode === affiliate.affiliateCode);
  if (!line) throw new Error(`no line for ${affiliate.affiliateCode}`);
  return line;
};

/** Closes an open run the quick way: submit, then another admin rejects it. */
async function rejectRun(runId: number) {
  expect((await post(`${RUNS}/${runId}/submit`, creator)).status).toBe(200);
  expect((await post(`${RUNS}/${runId}/reject`, approver, { remark: 'Closing the test run' })).status).toBe(
    200,
  );
}

/** The entries of one affiliate in live lines, with their line statuses. */
async function liveEntries(affiliateId: number) {
  const { rows } = await t.ctx.db.query<{ entry_id: string; line_status: string }>(
    `SELECT p.entry_id::text, p.line_status FROM payout_line_entries p
       JOIN commission_entries e ON e.entry_id = p.entry_id
      WHERE e.affiliate_id = $1 AND p.line_status IN ('pending', 'sending', 'processing', 'paid')`,
    [affiliateId],
  );
  return rows;
}

async function xlsxOf(rows: (string | number)[][]): Promise<Buffer> {
  const book = new Workbook();
  const sheet = book.addWorksheet('Result');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const uploadResult = (runId: number, file: Buffer, name = 'result.xlsx') =>
  request(t.app)
    .post(`${RUNS}/${runId}/bank-result`)
    .set('Authorization', approver)
    .attach('file', file, name);

describe('settings', () => {
  test('defaults, a change audited, bad values refused with their message', async () => {
    const first = PayoutSettings.parse((await get('/api/admin/payouts/settings')).body);
    expect(first).toMatchObject({
      minimumPayout: '1000.00',
      withholdingPercent: '0.00',
      provider: 'bank-file',
    });

    const saved = await post('/api/admin/payouts/settings', creator, {
      minimumPayout: '500',
      withholdingPercent: 7.5,
    });
    expect(saved.status).toBe(200);
    expect(SavePayoutSettingsResponse.parse(saved.body)).toMatchObject({
      changed: true,
      message: PayoutMessages.settingsSaved,
      settings: { minimumPayout: '500.00', withholdingPercent: '7.50', updatedBy: 'Ada Creator' },
    });
    const again = await post('/api/admin/payouts/settings', creator, {
      minimumPayout: 500,
      withholdingPercent: '7.50',
    });
    expect(again.body).toMatchObject({ changed: false, message: PayoutMessages.settingsUnchanged });

    for (const [body, message] of [
      [{ withholdingPercent: 1 }, PayoutMessages.minimumRequired],
      [{ minimumPayout: 'ten', withholdingPercent: 1 }, PayoutMessages.minimumInvalid],
      [{ minimumPayout: '-1', withholdingPercent: 1 }, PayoutMessages.minimumInvalid],
      [{ minimumPayout: '1.234', withholdingPercent: 1 }, PayoutMessages.minimumInvalid],
      [{ minimumPayout: 10, withholdingPercent: 100.01 }, PayoutMessages.withholdingInvalid],
      [{ minimumPayout: 10, withholdingPercent: null }, PayoutMessages.withholdingRequired],
    ] as const) {
      const res = await post('/api/admin/payouts/settings', creator, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const { rows } = await t.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'payout.settings'`,
    );
    expect(rows[0].n).toBe(1);
  });
});

describe('a run', () => {
  let paid: FundedAffiliate;
  let odd: FundedAffiliate;
  let small: FundedAffiliate;
  let unverified: FundedAffiliate;
  let rejected: FundedAffiliate;
  let inactive: FundedAffiliate;
  let negative: FundedAffiliate;
  let pendingOnly: FundedAffiliate;

  beforeAll(async () => {
    const db = t.ctx.db;
    paid = await fundedAffiliate(db, ['1500.00', '500.00']);
    odd = await fundedAffiliate(db, ['333.33', '400.00']);
    small = await fundedAffiliate(db, ['120.00']);
    unverified = await fundedAffiliate(db, ['900.00'], { resolved: false });
    rejected = await fundedAffiliate(db, ['900.00']);
    await db.query(`UPDATE affiliates SET status = 'KYC Rejected' WHERE affiliate_id = $1`, [
      rejected.affiliateId,
    ]);
    inactive = await fundedAffiliate(db, ['900.00']);
    await db.query(`UPDATE users SET is_active = false WHERE user_id = $1`, [inactive.userId]);
    pendingOnly = await fundedAffiliate(db, ['800.00'], { daysAgo: 2 });
    // Paid once (a run-less stub line holds its order's entry), then the order is returned: a clawback.
    negative = await fundedAffiliate(db, ['700.00']);
    const [order] = await addOrders(db, negative, ['900.00']);
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO payout_lines (affiliate_id, status) VALUES ($1, 'paid') RETURNING payout_line_id::text AS id`,
        [negative.affiliateId],
      );
      await tx.query(
        `INSERT INTO payout_line_entries (payout_line_id, line_status, entry_id)
         SELECT $1, 'paid', e.entry_id FROM commission_entries e JOIN orders o ON o.order_id = e.order_id
          WHERE o.external_id = $2`,
        [rows[0].id, order],
      );
    });
    await setOrderStatus(db, negative, order, '900.00', 'Rejected');
  });

  test('lists the eligible with their amounts and the ineligible with the reason; totals; one open run', async () => {
    const future = await post(RUNS, creator, { cutoff: '2099-01-01' });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe(PayoutMessages.cutoffInFuture);
    expect((await post(RUNS, creator, { cutoff: '2026-13-01' })).body.message).toBe(
      PayoutMessages.cutoffFormat,
    );

    const run = await createRun();
    expect(run).toMatchObject({
      status: 'draft',
      provider: 'bank-file',
      minimumPayout: '500.00',
      withholdingPercent: '7.50',
      createdByMe: true,
    });
    const lines = await linesOf(run.runId);
    // Withholding 7.5 %, rounded to the kobo: 2000.00 -> 150.00; 733.33 -> 54.99975 -> 55.00.
    expect(lineOf(lines, paid)).toMatchObject({
      status: 'pending',
      gross: '2000.00',
      deductions: '150.00',
      net: '1850.00',
      accountName: 'RESOLVED NAME',
      reason: null,
    });
    expect(lineOf(lines, paid).account).toMatch(/^Access Bank \*{4}\d{4}$/);
    expect(lineOf(lines, paid).reference).toBe(`po-${run.runId}-${lineOf(lines, paid).lineId}`);
    expect(lineOf(lines, odd)).toMatchObject({ gross: '733.33', deductions: '55.00', net: '678.33' });
    expect(lineOf(lines, small)).toMatchObject({
      status: 'ineligible',
      gross: '120.00',
      reason: PayoutIneligibleReasons.belowMinimum,
    });
    // A bank-file run pays an account not yet verified, flagged for the approver: the bank's paid result verifies
    // it (issue 48). Here the admin leaves it out of this run.
    expect(lineOf(lines, unverified)).toMatchObject({
      status: 'pending',
      accountVerified: false,
      reason: null,
    });
    expect(lineOf(lines, paid).accountVerified).toBe(true);
    const left = await post(
      `${RUNS}/${run.runId}/lines/${lineOf(lines, unverified).lineId}/exclude`,
      creator,
      {
        reason: 'Account to be checked first',
      },
    );
    expect(left.status).toBe(200);
    // Out of the later runs of this file too (they count the lines of the others).
    await t.ctx.db.query('UPDATE users SET is_active = false WHERE user_id = $1', [unverified.userId]);
    expect(lineOf(lines, rejected).reason).toBe(PayoutIneligibleReasons.kycNotComplete);
    expect(lineOf(lines, inactive).reason).toBe(PayoutIneligibleReasons.inactive);
    expect(lineOf(lines, negative)).toMatchObject({
      status: 'ineligible',
      gross: '-200.00',
      reason: PayoutIneligibleReasons.negativeBalance,
    });
    // Money still held is in no line.
    expect(lines.find((l) => l.affiliateCode === pendingOnly.affiliateCode)).toBeUndefined();
    // A draft is a preview: it holds no entries, the money is still available.
    expect(await liveEntries(paid.affiliateId)).toEqual([]);
    expect(await affiliateBalances(t.ctx.db, paid.affiliateId, new Date())).toMatchObject({
      available: '2000.00',
      inPayout: '0.00',
    });

    const detail = PayoutRunDetail.parse((await get(`${RUNS}/${run.runId}?kind=ineligible`)).body);
    expect(detail.lines.results.every((line) => line.status === 'ineligible')).toBe(true);
    expect(detail.run.totals).toEqual({
      count: 2,
      gross: '2733.33',
      deductions: '205.00',
      net: '2528.33',
      fees: null,
    });
    expect(detail.run.lineCounts).toMatchObject({ pending: 2, ineligible: 4, excluded: 1 });

    const second = await post(RUNS, creator, { cutoff: today() });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(PayoutMessages.runOpen(run.runId, 'draft'));
    const list = PayoutRunsPage.parse((await get(RUNS)).body);
    expect(list.openRunId).toBe(run.runId);
    expect(list.results[0].runId).toBe(run.runId);

    // Submitted, eligible lines hold their entries (in payout now); ineligible ones hold none.
    const submitted = await post(`${RUNS}/${run.runId}/submit`, creator);
    expect(submitted.body.message).toBe(PayoutMessages.submitted);
    expect(await liveEntries(small.affiliateId)).toEqual([]);
    expect((await liveEntries(paid.affiliateId)).length).toBe(2);
    expect(await affiliateBalances(t.ctx.db, paid.affiliateId, new Date())).toMatchObject({
      available: '0.00',
      inPayout: '2000.00',
      paid: '0.00',
    });
    expect((await post(`${RUNS}/${run.runId}/reject`, approver, { remark: 'Closing' })).status).toBe(200);
  });

  test('four eyes: the creator cannot approve or reject; another admin approves, once', async () => {
    const run = await createRun();
    const early = await post(`${RUNS}/${run.runId}/approve`, approver);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(PayoutMessages.notSubmitted);
    const byOther = await post(`${RUNS}/${run.runId}/submit`, approver);
    expect(byOther.status).toBe(403);
    expect(byOther.body.message).toBe(PayoutMessages.onlyCreatorSubmits);
    expect((await post(`${RUNS}/${run.runId}/submit`, creator)).status).toBe(200);

    const own = await post(`${RUNS}/${run.runId}/approve`, creator, {});
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You created this payout run; another admin must approve it.');
    const ownReject = await post(`${RUNS}/${run.runId}/reject`, creator, { remark: 'No' });
    expect(ownReject.status).toBe(403);
    expect(ownReject.body.message).toBe(PayoutMessages.creatorCannotReject);
    // Even by SQL: the CHECK holds four eyes in the database.
    await expect(
      t.ctx.db.query(
        `UPDATE payout_runs SET status = 'approved', decided_by = created_by, decided_at = now()
          WHERE payout_run_id = $1`,
        [run.runId],
      ),
    ).rejects.toThrow(/check/i);

    const approved = await post(`${RUNS}/${run.runId}/approve`, approver, { remark: 'Checked' });
    expect(approved.status).toBe(200);
    expect(PayoutRunResponse.parse(approved.body).run).toMatchObject({
      status: 'executing',
      decidedBy: 'Bayo Approver',
      decisionRemark: 'Checked',
      createdByMe: false,
    });
    const lines = await linesOf(run.runId);
    expect(lineOf(lines, paid).status).toBe('processing');
    expect((await post(`${RUNS}/${run.runId}/approve`, approver)).status).toBe(409);
    expect((await post(`${RUNS}/${run.runId}/reject`, approver, { remark: 'late' })).status).toBe(409);
    const { rows } = await t.ctx.db.query<{ action: string; actor: string }>(
      `SELECT action, actor_user_id::text AS actor FROM audit_log
        WHERE entity_type = 'payout_run' AND entity_id = $1 ORDER BY audit_id`,
      [String(run.runId)],
    );
    expect(rows.map((row) => row.action)).toEqual([
      'payout.run.create',
      'payout.run.submit',
      'payout.run.approve',
    ]);
    // Recent Activity titles them.
    const recent = (await listRecentAudit(t.ctx.db, 3)).map(describeAudit);
    expect(recent[0]).toEqual({
      title: 'Payout run approved',
      description: `Payout run #${run.runId} (submitted → executing) by Bayo Approver: Checked`,
    });

    // The bank file: the lines being paid, account numbers in clear, money in naira with two decimals.
    const link = await post(`${RUNS}/${run.runId}/bank-file`, approver);
    expect(link.status).toBe(200);
    const file = await request(t.app)
      .get(link.body.excelPath)
      .set('Authorization', approver)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    const book = new Workbook();
    await book.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Reference',
      'Account Name',
      'Account Number',
      'Bank Code',
      'Amount',
      'Narration',
    ]);
    const byReference = new Map<string, unknown[]>();
    sheet.eachRow((row, index) => {
      if (index > 1) byReference.set(String(row.getCell(1).value), row.values as unknown[]);
    });
    const paidLine = lineOf(lines, paid);
    const row = byReference.get(paidLine.reference as string) as unknown[];
    expect(row.slice(2)).toEqual([
      'RESOLVED NAME',
      expect.stringMatching(/^\d{10}$/),
      '044',
      1850,
      `Affiliate commission ${paidLine.reference}`,
    ]);
    expect(String(row[3]).slice(-4)).toBe(paidLine.account?.slice(-4));
    expect(sheet.getRow(2).getCell(5).numFmt).toBe('"₦"#,##0.00');
    expect(byReference.size).toBe(2);

    // The bank's answer: matched by reference; an unknown reference and a bad status are reported.
    const oddLine = lineOf(lines, odd);
    const result = await uploadResult(
      run.runId,
      await xlsxOf([
        ['Reference', 'Status', 'Reason'],
        [paidLine.reference as string, 'Paid', ''],
        ['po-999-999', 'paid', ''],
        [oddLine.reference as string, 'bounced', ''],
      ]),
    );
    expect(result.status).toBe(200);
    const answer = PayoutResultResponse.parse(result.body);
    expect(answer).toMatchObject({ paid: 1, failed: 0, unchanged: 0 });
    expect(answer.problems).toEqual([
      { row: 3, reference: 'po-999-999', reason: PayoutMessages.resultUnknownReference },
      { row: 4, reference: oddLine.reference, reason: PayoutMessages.resultBadStatus },
    ]);
    expect(answer.run.status).toBe('executing');
    const { rows: outbox } = await t.ctx.db.query<{ channel: string; body: string }>(
      `SELECT channel, body FROM outbox WHERE recipient IN ($1, (SELECT '+234' || mobile_number FROM affiliates
                                                                   WHERE affiliate_id = $2))
        ORDER BY message_id`,
      [paid.email, paid.affiliateId],
    );
    expect(outbox.map((m) => m.channel)).toEqual(['email', 'whatsapp']);
    for (const message of outbox)
      expect(message.body).toContain(`₦1,850.00 sent to ${paidLine.account as string}`);
    expect(await affiliateBalances(t.ctx.db, paid.affiliateId, new Date())).toMatchObject({
      inPayout: '0.00',
      paid: '2000.00',
    });

    // The same file again changes nothing; a CSV fails the other line and completes the run.
    const again = await uploadResult(
      run.runId,
      await xlsxOf([
        ['Reference', 'Status', 'Reason'],
        [paidLine.reference as string, 'paid', ''],
      ]),
    );
    expect(again.body).toMatchObject({ paid: 0, unchanged: 1 });
    const csv = await uploadResult(
      run.runId,
      Buffer.from(`reference,status,reason\r\n${oddLine.reference},failed,"Account closed, per bank"\r\n`),
      'result.csv',
    );
    expect(csv.status).toBe(200);
    expect(PayoutResultResponse.parse(csv.body)).toMatchObject({ failed: 1, run: { status: 'completed' } });
    const after = await linesOf(run.runId);
    expect(lineOf(after, odd)).toMatchObject({ status: 'failed', reason: 'Account closed, per bank' });
    // A failed line's money is available again; the paid one's outbox has no second notice.
    expect(await affiliateBalances(t.ctx.db, odd.affiliateId, new Date())).toMatchObject({
      available: '733.33',
      inPayout: '0.00',
    });
    const { rows: completes } = await t.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'payout.run.complete' AND entity_id = $1`,
      [String(run.runId)],
    );
    expect(completes[0].n).toBe(1);
    // Paid then a paid line cannot be marked again.
    const mark = await post(`${RUNS}/${run.runId}/lines/${paidLine.lineId}/mark`, approver, {
      status: 'failed',
      reason: 'Oops',
    });
    expect(mark.status).toBe(409);
  });

  test('rejecting with a remark cancels the lines and frees their entries', async () => {
    const run = await createRun();
    const lines = await linesOf(run.runId);
    const line = lineOf(lines, odd);
    expect(line.gross).toBe('733.33');
    expect((await post(`${RUNS}/${run.runId}/submit`, creator)).status).toBe(200);
    const noRemark = await post(`${RUNS}/${run.runId}/reject`, approver, { remark: '   ' });
    expect(noRemark.status).toBe(400);
    expect(noRemark.body.message).toBe(PayoutMessages.remarkRequired);
    const rejected = await post(`${RUNS}/${run.runId}/reject`, approver, { remark: 'Wrong cutoff' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.run).toMatchObject({ status: 'rejected', decisionRemark: 'Wrong cutoff' });
    expect(lineOf(await linesOf(run.runId), odd)).toMatchObject({
      status: 'cancelled',
      reason: 'Run rejected: Wrong cutoff',
    });
    expect(await liveEntries(odd.affiliateId)).toEqual([]);
    expect(await affiliateBalances(t.ctx.db, odd.affiliateId, new Date())).toMatchObject({
      available: '733.33',
      inPayout: '0.00',
    });
  });

  test('excluding a line in a draft, with a reason; not after submission', async () => {
    const run = await createRun();
    const line = lineOf(await linesOf(run.runId), odd);
    const path = `${RUNS}/${run.runId}/lines/${line.lineId}/exclude`;
    expect((await post(path, creator, {})).body.message).toBe(PayoutMessages.reasonRequired);
    const excluded = await post(path, creator, { reason: 'Disputed orders' });
    expect(excluded.status).toBe(200);
    const answer = PayoutLineResponse.parse(excluded.body);
    expect(answer.line).toMatchObject({ status: 'excluded', reason: 'Disputed orders' });
    // Issue 51: the excluded line still says which account it would have paid.
    expect(line.account).not.toBeNull();
    expect(answer.line.account).toBe(line.account);
    expect(lineOf(await linesOf(run.runId), odd).account).toBe(line.account);
    expect(answer.run.totals.count).toBe(0);
    expect(await liveEntries(odd.affiliateId)).toEqual([]);
    expect((await post(path, creator, { reason: 'again' })).status).toBe(409);
    expect((await post(`${RUNS}/${run.runId}/lines/999999/exclude`, creator, { reason: 'x' })).status).toBe(
      404,
    );
    expect((await post(`${RUNS}/abc/lines/1/exclude`, creator, { reason: 'x' })).status).toBe(404);
    // Nothing left to pay (issue 48): it cannot be submitted, and the next run discards it (the next test).
    const empty = await post(`${RUNS}/${run.runId}/submit`, creator);
    expect(empty.status).toBe(409);
    expect(empty.body.message).toBe(PayoutMessages.nothingToPay);
  });

  test('marking by hand, forward only; a hostile or failing result file changes nothing', async () => {
    const run = await createRun();
    const line = lineOf(await linesOf(run.runId), odd);
    expect((await post(`${RUNS}/${run.runId}/submit`, creator)).status).toBe(200);
    // Not approved yet: nothing to mark.
    const early = await post(`${RUNS}/${run.runId}/lines/${line.lineId}/mark`, approver, {
      status: 'paid',
      reason: 'Bank statement 12',
    });
    expect(early.status).toBe(409);
    expect((await post(`${RUNS}/${run.runId}/approve`, approver)).status).toBe(200);

    // A corrupt workbook, a wrong type, wrong columns: 400/415, no line moved.
    const corrupt = await uploadResult(run.runId, Buffer.from('PK\u0003\u0004 not really a zip at all'));
    expect(corrupt.status).toBe(400);
    expect(corrupt.body.message).toBe(PayoutMessages.resultFileUnreadable);
    expect((await uploadResult(run.runId, Buffer.from('x'), 'result.pdf')).status).toBe(415);
    const noFile = await request(t.app)
      .post(`${RUNS}/${run.runId}/bank-result`)
      .set('Authorization', approver)
      .field('other', 'x');
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe(PayoutMessages.resultFileRequired);
    expect((await uploadResult(run.runId, Buffer.alloc(5 * 1024 * 1024 + 1, 65), 'result.csv')).status).toBe(
      413,
    );
    expect((await uploadResult(run.runId, Buffer.from([0xff, 0xfe, 0x00]), 'result.csv')).status).toBe(400);
    const columns = await uploadResult(run.runId, await xlsxOf([['Ref', 'State']]));
    expect(columns.status).toBe(400);
    expect(columns.body.message).toBe(PayoutMessages.resultFileColumns);
    // A failure half-way (the paid notice cannot be queued): the whole file is undone.
    await t.ctx.db.query(`CREATE FUNCTION refuse_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'outbox down'; END $$`);
    await t.ctx.db.query(
      `CREATE TRIGGER refuse_outbox BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION refuse_outbox()`,
    );
    try {
      const failing = await uploadResult(
        run.runId,
        await xlsxOf([
          ['Reference', 'Status', 'Reason'],
          [line.reference as string, 'paid', ''],
        ]),
      );
      expect(failing.status).toBe(500);
    } finally {
      await t.ctx.db.query('DROP TRIGGER refuse_outbox ON outbox');
      await t.ctx.db.query('DROP FUNCTION refuse_outbox()');
    }
    expect(lineOf(await linesOf(run.runId), odd).status).toBe('processing');
    const { rows: audits } = await t.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'payout.run.result' AND entity_id = $1`,
      [String(run.runId)],
    );
    expect(audits[0].n).toBe(0);

    const path = `${RUNS}/${run.runId}/lines/${line.lineId}/mark`;
    expect((await post(path, approver, { status: 'lost', reason: 'x' })).body.message).toBe(
      PayoutMessages.markStatusInvalid,
    );
    const marked = await post(path, approver, { status: 'paid', reason: 'Bank statement 12' });
    expect(marked.status).toBe(200);
    expect(PayoutLineResponse.parse(marked.body)).toMatchObject({
      line: { status: 'paid', reason: 'Bank statement 12' },
      run: { status: 'completed' },
    });
    expect((await post(path, approver, { status: 'failed', reason: 'late' })).status).toBe(409);
    // The database refuses a paid line going back, whoever asks.
    await expect(
      t.ctx.db.query(`UPDATE payout_lines SET status = 'processing' WHERE payout_line_id = $1`, [
        line.lineId,
      ]),
    ).rejects.toThrow(/cannot move from paid to processing/);
  });

  test('never twice: an entry in a live line cannot go into another', async () => {
    const run = await createRun();
    const { rows } = await t.ctx.db.query<{ entry_id: string }>(
      `SELECT entry_id::text FROM payout_line_entries WHERE line_status = 'paid' LIMIT 1`,
    );
    await expect(
      t.ctx.db.transaction(async (tx) => {
        const { rows: made } = await tx.query<{ id: string }>(
          `INSERT INTO payout_lines (affiliate_id, status, payout_run_id) VALUES ($1, 'pending', $2)
           RETURNING payout_line_id::text AS id`,
          [paid.affiliateId, run.runId],
        );
        await tx.query(
          `INSERT INTO payout_line_entries (payout_line_id, line_status, entry_id) VALUES ($1, 'pending', $2)`,
          [made[0].id, rows[0].entry_id],
        );
      }),
    ).rejects.toThrow(/payout_line_entries_once_idx|does not belong/);
    expect((await post(`${RUNS}/${run.runId}/discard`, creator)).status).toBe(200);
  });

  test('a new order after payment goes into the next run alone', async () => {
    await addOrders(t.ctx.db, paid, ['600.00']);
    const run = await createRun();
    expect(lineOf(await linesOf(run.runId), paid)).toMatchObject({ gross: '600.00', status: 'pending' });
    await rejectRun(run.runId);
  });
});

// After 'a run': the affiliates these add stay payable, so they would be lines in every run of 'a run'.
describe('a draft until submission', () => {
  test('submitting brings the draft up to date: a return, a deactivation and a new account since the draft', async () => {
    const returning = await fundedAffiliate(t.ctx.db, ['600.00', '700.00']);
    const leaving = await fundedAffiliate(t.ctx.db, ['1200.00']);
    const moving = await fundedAffiliate(t.ctx.db, ['1100.00']);
    const run = await createRun();
    const before = await linesOf(run.runId);
    expect(lineOf(before, returning)).toMatchObject({ status: 'pending', gross: '1300.00' });
    expect(lineOf(before, leaving).status).toBe('pending');

    // After the draft: one order returned (its available commission is reversed: the draft held nothing),
    // an affiliate made inactive, another's account verified again with a new number.
    const { rows: order } = await t.ctx.db.query<{ external_id: string }>(
      `SELECT external_id FROM orders WHERE affiliate_id = $1 AND commission_amount = 600 LIMIT 1`,
      [returning.affiliateId],
    );
    await setOrderStatus(t.ctx.db, returning, order[0].external_id, '600.00', 'Rejected');
    await t.ctx.db.query(`UPDATE users SET is_active = false WHERE user_id = $1`, [leaving.userId]);
    await t.ctx.db.query(
      `UPDATE affiliates SET account_number = '0123459876', account_number_sealed = NULL, account_number_hash = NULL,
              bank_resolved_at = now() + interval '1 second' WHERE affiliate_id = $1`,
      [moving.affiliateId],
    );

    const submitted = await post(`${RUNS}/${run.runId}/submit`, creator);
    expect(submitted.status).toBe(200);
    expect(submitted.body.message).toBe(PayoutMessages.submittedWithChanges(2));
    const after = await linesOf(run.runId);
    expect(lineOf(after, returning)).toMatchObject({ status: 'pending', gross: '700.00', net: '647.50' });
    expect(lineOf(after, leaving)).toMatchObject({
      status: 'ineligible',
      reason: PayoutIneligibleReasons.inactive,
    });
    expect(lineOf(after, moving).account).toMatch(/\*{4}9876$/);
    // What each line holds is what it pays; the inactive affiliate's money stays available.
    const { rows: held } = await t.ctx.db.query<{ gross: string; held: string }>(
      `SELECT l.gross::text, coalesce(sum(e.amount), 0)::text AS held
         FROM payout_lines l
         LEFT JOIN payout_line_entries p ON p.payout_line_id = l.payout_line_id
         LEFT JOIN commission_entries e ON e.entry_id = p.entry_id
        WHERE l.payout_run_id = $1 AND l.status = 'pending' GROUP BY l.payout_line_id`,
      [run.runId],
    );
    for (const line of held) expect(line.held).toBe(line.gross);
    expect(await liveEntries(leaving.affiliateId)).toEqual([]);
    expect((await affiliateBalances(t.ctx.db, leaving.affiliateId, new Date())).available).toBe('1200.00');
    expect((await post(`${RUNS}/${run.runId}/reject`, approver, { remark: 'Closing' })).status).toBe(200);
  });

  test('a draft is discarded by its creator or another admin, never once submitted; the audit row stays', async () => {
    const first = await createRun();
    expect((await post(`${RUNS}/${first.runId}/discard`, approver)).status).toBe(200);
    expect((await get(`${RUNS}/${first.runId}`)).status).toBe(404);
    const run = await createRun();
    const discarded = await post(`${RUNS}/${run.runId}/discard`, creator);
    expect(discarded.status).toBe(200);
    expect(discarded.body).toEqual({ message: PayoutMessages.discarded(run.runId) });
    const { rows } = await t.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM payout_lines WHERE payout_run_id = $1',
      [run.runId],
    );
    expect(rows[0].n).toBe(0);
    expect((await post(`${RUNS}/${run.runId}/discard`, creator)).status).toBe(404);
    expect((await post(`${RUNS}/-1/discard`, creator)).status).toBe(404);
    const recent = (await listRecentAudit(t.ctx.db, 1)).map(describeAudit);
    expect(recent[0].title).toBe('Draft payout run discarded');

    const next = await createRun();
    expect((await post(`${RUNS}/${next.runId}/submit`, creator)).status).toBe(200);
    const late = await post(`${RUNS}/${next.runId}/discard`, creator);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(PayoutMessages.notDraft);
    expect((await post(`${RUNS}/${next.runId}/reject`, approver, { remark: 'Closing' })).status).toBe(200);
  });
});

describe('Paystack runs: approval waits for Pay now, which starts once', () => {
  test('approved stays approved; two Pay now at once give one; a bank-file run has no Pay now', async () => {
    const bankFileRun = await createRun();
    expect((await post(`${RUNS}/${bankFileRun.runId}/execute`, approver)).body.message).toBe(
      PayoutMessages.notPaystack,
    );
    await rejectRun(bankFileRun.runId);

    const config = t.ctx.config as { payouts?: { provider: string } };
    const configured = config.payouts;
    config.payouts = { provider: 'paystack' };
    try {
      await fundedAffiliate(t.ctx.db, ['3000.00']);
      const run = await createRun();
      expect(run.provider).toBe('paystack');
      expect((await post(`${RUNS}/${run.runId}/execute`, approver)).body.message).toBe(
        PayoutMessages.notApproved,
      );
      expect((await post(`${RUNS}/${run.runId}/submit`, creator)).status).toBe(200);
      const approved = await post(`${RUNS}/${run.runId}/approve`, approver);
      expect(approved.body).toMatchObject({
        message: PayoutMessages.approvedPaystack,
        run: { status: 'approved' },
      });
      expect((await linesOf(run.runId)).filter((l) => l.status === 'pending').length).toBeGreaterThan(0);
      // Nothing to download: the bank file is for bank-file runs.
      expect((await post(`${RUNS}/${run.runId}/bank-file`, approver)).status).toBe(409);
      const answers = await Promise.all([
        post(`${RUNS}/${run.runId}/execute`, approver),
        post(`${RUNS}/${run.runId}/execute`, creator),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const { rows } = await t.ctx.db.query<{ status: string; n: number }>(
        `SELECT r.status, (SELECT count(*)::int FROM audit_log WHERE action = 'payout.run.execute'
                                                            AND entity_id = r.payout_run_id::text) AS n
           FROM payout_runs r WHERE r.payout_run_id = $1`,
        [run.runId],
      );
      expect(rows[0]).toEqual({ status: 'executing', n: 1 });
    } finally {
      if (configured) config.payouts = configured;
      else delete config.payouts;
    }
  });
});

describe('the result file parser', () => {
  test('quoted fields, CRLF and LF, semicolons; control characters and an open quote refuse the file', () => {
    expect(parseCsv('Reference,Status,Reason\r\npo-1-2,paid,"a, ""b"""\npo-1-3;failed;x')).toEqual([
      ['Reference', 'Status', 'Reason'],
      ['po-1-2', 'paid', 'a, "b"'],
      ['po-1-3', 'failed', 'x'],
    ]);
    expect(() => parseCsv('Reference,Status\u0000,Reason')).toThrow(PayoutMessages.resultFileUnreadable);
    expect(() => parseCsv('Reference,"Status')).toThrow(PayoutMessages.resultFileUnreadable);
  });
});
