import request from 'supertest';
import {
  AffiliateDetails,
  PayoutMessages,
  PayoutResultResponse,
  PayoutRunDetail,
  PayoutRunResponse,
  type PayoutLine,
} from '@portal/contracts';
import { businessDay } from '../../../lib/business-time';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createStaffUser } from '../../../../test-support/affiliate-fixtures';
import { fundedAffiliate, type FundedAffiliate } from '../../../../test-support/payout-fixtures';
import { affiliateBalances } from '../ledger/balances';

// Issue 48 items 6 and 8: four eyes on the bank-file result (never the run's creator, also in SQL), a paid line
// is final and verifies the account it paid, an empty run is never submitted and never blocks a new one.

const RUNS = '/api/admin/payouts/runs';
let t: TestApp;
let creator: string;
let approver: string;
let thirdAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  creator = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1, 'Ada Creator'));
  approver = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1, 'Bayo Approver'));
  thirdAdmin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1, 'Chioma Third'));
});
afterAll(() => t?.close());

const post = (path: string, auth: string, body: object = {}) =>
  request(t.app).post(path).set('Authorization', auth).send(body);
const csv = (rows: string[][]) => Buffer.from(rows.map((row) => row.join(',')).join('\n'));
const upload = (runId: number, auth: string, file: Buffer) =>
  request(t.app)
    .post(`${RUNS}/${runId}/bank-result`)
    .set('Authorization', auth)
    .attach('file', file, 'result.csv');

async function approvedRun(): Promise<{ runId: number; lines: PayoutLine[] }> {
  const created = await post(RUNS, creator, { cutoff: businessDay(new Date()) });
  expect(created.status).toBe(201);
  const runId = PayoutRunResponse.parse(created.body).run.runId;
  expect((await post(`${RUNS}/${runId}/submit`, creator)).status).toBe(200);
  expect((await post(`${RUNS}/${runId}/approve`, approver)).status).toBe(200);
  const detail = await request(t.app).get(`${RUNS}/${runId}?pageSize=100`).set('Authorization', creator);
  return { runId, lines: PayoutRunDetail.parse(detail.body).lines.results };
}
const lineOf = (lines: PayoutLine[], affiliate: FundedAffiliate) =>
  lines.find((line) => line.affiliateCode === affiliate.affiliateCode)!;
const statusOf = async (lineId: number) =>
  (
    await t.ctx.db.query<{ status: string }>('SELECT status FROM payout_lines WHERE payout_line_id = $1', [
      lineId,
    ])
  ).rows[0].status;

test('the creator cannot record the result; another admin can; a paid line verifies its account, is final, and a second upload changes nothing', async () => {
  const verified = await fundedAffiliate(t.ctx.db, ['1500.00']);
  const unverified = await fundedAffiliate(t.ctx.db, ['2000.00'], { resolved: false });
  const { runId, lines } = await approvedRun();
  const paidLine = lineOf(lines, unverified);
  const otherLine = lineOf(lines, verified);
  expect(paidLine).toMatchObject({ status: 'processing', accountVerified: false });
  expect(otherLine.accountVerified).toBe(true);

  const result = csv([
    ['Reference', 'Status', 'Reason'],
    [paidLine.reference!, 'paid', ''],
    [otherLine.reference!, 'failed', 'Account closed'],
  ]);
  const byCreator = await upload(runId, creator, result);
  expect([byCreator.status, byCreator.body.message]).toEqual([403, PayoutMessages.creatorCannotRecordResult]);
  const markByCreator = await post(`${RUNS}/${runId}/lines/${paidLine.lineId}/mark`, creator, {
    status: 'failed',
    reason: 'Wrong',
  });
  expect([markByCreator.status, markByCreator.body.message]).toEqual([
    403,
    PayoutMessages.creatorCannotRecordResult,
  ]);
  // The database holds it too: a bank-file line is not marked by the run's creator, nor by no one.
  for (const by of ['r.created_by', 'NULL']) {
    await expect(
      t.ctx.db.query(
        `UPDATE payout_lines l SET status = 'paid', paid_at = now(), result_by = ${by}
           FROM payout_runs r WHERE r.payout_run_id = l.payout_run_id AND l.payout_line_id = $1`,
        [paidLine.lineId],
      ),
    ).rejects.toThrow(/another admin than the run's creator/);
  }
  expect(await statusOf(paidLine.lineId)).toBe('processing');

  const applied = await upload(runId, approver, result);
  expect(applied.status).toBe(200);
  expect(PayoutResultResponse.parse(applied.body)).toMatchObject({
    paid: 1,
    failed: 1,
    unchanged: 0,
    problems: [],
  });
  // The paid line verified the account it paid: audited in the affiliate's history, by who recorded it.
  const details = AffiliateDetails.parse(
    (
      await request(t.app)
        .get(`/api/backoffice/affiliate-details/${unverified.affiliateId}`)
        .set('Authorization', creator)
    ).body,
  );
  expect(details.history[0]).toMatchObject({
    action: 'affiliate.bank.verify',
    actorName: 'Bayo Approver',
    remark: `Paid by the bank: payout line ${paidLine.reference} of run #${runId}`,
  });
  const { rows: how } = await t.ctx.db.query<{ via: string; by_name: string }>(
    `SELECT a.bank_verified_via AS via, u.full_name AS by_name FROM affiliates a
       JOIN users u ON u.user_id = a.bank_verified_by WHERE a.affiliate_id = $1`,
    [unverified.affiliateId],
  );
  expect(how[0]).toEqual({ via: 'paid-line', by_name: 'Bayo Approver' });

  // The same file again: nothing changes.
  const snapshot = async () =>
    (
      await t.ctx.db.query<{ n: string }>(
        `SELECT (SELECT count(*) FROM audit_log WHERE action LIKE 'affiliate.bank.%')::text || '/' ||
                (SELECT string_agg(status || ':' || coalesce(paid_at::text, ''), ',' ORDER BY payout_line_id)
                   FROM payout_lines WHERE payout_run_id = $1) AS n`,
        [runId],
      )
    ).rows[0].n;
  const before = await snapshot();
  const balanceBefore = await affiliateBalances(t.ctx.db, unverified.affiliateId, new Date());
  expect(balanceBefore).toMatchObject({ paid: '2000.00', available: '0.00' });
  // The run is completed now (every line has its result): a second upload is refused and changes nothing.
  const again = await upload(runId, thirdAdmin, result);
  expect([again.status, again.body.message]).toEqual([409, PayoutMessages.notExecuting]);
  expect(await snapshot()).toBe(before);
  expect(await affiliateBalances(t.ctx.db, unverified.affiliateId, new Date())).toEqual(balanceBefore);
});

test('a paid line is never offered again: a later failed for it is refused and recorded; at once, one result wins', async () => {
  const a = await fundedAffiliate(t.ctx.db, ['1200.00']);
  const b = await fundedAffiliate(t.ctx.db, ['1300.00']);
  const c = await fundedAffiliate(t.ctx.db, ['1400.00']);
  const { runId, lines } = await approvedRun();
  const [la, lb, lc] = [lineOf(lines, a), lineOf(lines, b), lineOf(lines, c)];
  const first = await upload(
    runId,
    approver,
    csv([
      ['Reference', 'Status', 'Reason'],
      [la.reference!, 'paid', ''],
    ]),
  );
  expect(PayoutResultResponse.parse(first.body).paid).toBe(1);
  // Again with the same line paid: unchanged; then failed: refused, listed, audited; the money stays paid.
  const repeat = await upload(
    runId,
    thirdAdmin,
    csv([
      ['Reference', 'Status', 'Reason'],
      [la.reference!, 'paid', ''],
    ]),
  );
  expect(PayoutResultResponse.parse(repeat.body)).toMatchObject({ paid: 0, unchanged: 1, problems: [] });
  const late = await upload(
    runId,
    thirdAdmin,
    csv([
      ['Reference', 'Status', 'Reason'],
      [la.reference!, 'failed', 'Reversed by the bank'],
    ]),
  );
  expect(PayoutResultResponse.parse(late.body).problems).toEqual([
    { row: 2, reference: la.reference, reason: PayoutMessages.resultLineClosed('paid') },
  ]);
  const byHand = await post(`${RUNS}/${runId}/lines/${la.lineId}/mark`, thirdAdmin, {
    status: 'failed',
    reason: 'Reversed by the bank',
  });
  expect([byHand.status, byHand.body.message]).toEqual([409, PayoutMessages.lineNotOpen]);
  const { rows: refused } = await t.ctx.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log WHERE action = 'payout.line.failed_after_paid' AND entity_id = $1`,
    [String(la.lineId)],
  );
  expect(refused[0].n).toBe(2);
  expect(await statusOf(la.lineId)).toBe('paid');
  expect(await affiliateBalances(t.ctx.db, a.affiliateId, new Date())).toMatchObject({
    paid: '1200.00',
    available: '0.00',
  });

  // Two admins at once on one line: the bank's paid and a hand-marked failed. One wins; the money agrees.
  const answers = await Promise.all([
    upload(
      runId,
      approver,
      csv([
        ['Reference', 'Status', 'Reason'],
        [lb.reference!, 'paid', ''],
      ]),
    ),
    post(`${RUNS}/${runId}/lines/${lb.lineId}/mark`, thirdAdmin, { status: 'failed', reason: 'Returned' }),
  ]);
  const status = await statusOf(lb.lineId);
  expect(['paid', 'failed']).toContain(status);
  const balances = await affiliateBalances(t.ctx.db, b.affiliateId, new Date());
  expect(balances).toMatchObject(
    status === 'paid' ? { paid: '1300.00', available: '0.00' } : { paid: '0.00', available: '1300.00' },
  );
  expect(answers.every((answer) => answer.status < 500)).toBe(true);
  // Close the run: the lines left by hand (c, and the first test's failed line paid again here).
  for (const line of lines.filter((l) => l.status === 'processing' && ![la, lb].includes(l))) {
    const marked = await post(`${RUNS}/${runId}/lines/${line.lineId}/mark`, approver, {
      status: 'paid',
      reason: 'Statement',
    });
    expect(marked.status).toBe(200);
  }
  expect(await statusOf(lc.lineId)).toBe('paid');
});

test('an empty run (0 affiliates, ₦0) cannot be submitted and never blocks a new run', async () => {
  await t.ctx.db.query(`UPDATE payout_settings SET minimum_payout = 999999999999.99`);
  try {
    const created = await post(RUNS, creator, { cutoff: businessDay(new Date()) });
    expect([created.status, created.body.message]).toEqual([201, expect.any(String)]);
    const empty = PayoutRunResponse.parse(created.body).run;
    expect(empty.totals).toMatchObject({ count: 0, net: '0.00' });
    const submit = await post(`${RUNS}/${empty.runId}/submit`, creator);
    expect([submit.status, submit.body.message]).toEqual([409, PayoutMessages.nothingToPay]);

    const next = await post(RUNS, thirdAdmin, { cutoff: businessDay(new Date()) });
    expect(next.status).toBe(201);
    const { rows } = await t.ctx.db.query<{ action: string; remark: string }>(
      `SELECT action, remark FROM audit_log WHERE entity_type = 'payout_run' AND entity_id = $1 ORDER BY audit_id`,
      [String(empty.runId)],
    );
    expect(rows.map((row) => row.action)).toEqual(['payout.run.create', 'payout.run.discard']);
    expect(rows[1].remark).toMatch(/Nothing to pay/);
    const nextId = PayoutRunResponse.parse(next.body).run.runId;
    expect((await post(`${RUNS}/${nextId}/discard`, thirdAdmin)).status).toBe(200);
  } finally {
    await t.ctx.db.query(`UPDATE payout_settings SET minimum_payout = 1000`);
  }
});
