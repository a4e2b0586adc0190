import request from 'supertest';
import {
  AffiliatePayoutsResponse,
  PayoutLineResponse,
  PayoutMessages,
  PayoutRunDetail,
  PayoutRunResponse,
  type PayoutLine,
} from '@portal/contracts';
import { businessDay } from '../../../lib/business-time';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createStaffUser } from '../../../../test-support/affiliate-fixtures';
import { fundedAffiliate, type FundedAffiliate } from '../../../../test-support/payout-fixtures';
import { reconcileLedger } from '../../../../test-support/ledger-reconciliation';
import { claimLinesForSending } from '../status-moves';

// Issue 49 item 3 (docs/risk.md, "Holds"): an affiliate with an open case at the hold's
// severity is 'Under risk review' in a new run and at submission; a line already submitted when the case opens
// waits for an admin (exclude it or let it go) before approval, and is never claimed for sending meanwhile.
// The runs follow one another (one open run at a time), so the tests run in order.

let t: TestApp;
let creator: string;
let approver: string;
const RUNS = '/api/admin/payouts/runs';
const today = () => businessDay(new Date());
const post = (path: string, auth: string, body: object = {}) =>
  request(t.app).post(path).set('Authorization', auth).send(body);

beforeAll(async () => {
  t = await createTestApp();
  creator = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1, 'Ada Creator'));
  approver = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1, 'Bayo Approver'));
});
afterAll(() => t?.close());

async function createRun(): Promise<number> {
  const res = await post(RUNS, creator, { cutoff: today() });
  expect(res.status).toBe(201);
  return PayoutRunResponse.parse(res.body).run.runId;
}

async function lineOf(runId: number, affiliate: FundedAffiliate): Promise<PayoutLine> {
  const res = await request(t.app).get(`${RUNS}/${runId}?pageSize=100`).set('Authorization', creator);
  expect(res.status).toBe(200);
  const line = PayoutRunDetail.parse(res.body).lines.results.find(
    (l) => l.affiliateCode === affiliate.affiliateCode,
  );
  if (!line) throw new Error(`no line for ${affiliate.affiliateCode}`);
  return line;
}

/** A case as the risk signals open one (docs/risk.md); severity 3 (High) is the default hold. */
async function openCase(affiliate: FundedAffiliate, severity = 3): Promise<number> {
  const { rows } = await t.ctx.db.query<{ case_id: string }>(
    `INSERT INTO risk_cases (affiliate_id, kind, severity, summary, evidence, evidence_key, opened_at, seen_at)
     VALUES ($1, $4, $2, 'Shares a payout account', '{"rows": []}', $3, now(), now())
     RETURNING case_id::text`,
    [
      affiliate.affiliateId,
      severity,
      `test-${affiliate.affiliateId}-${Date.now()}`,
      severity === 3 ? 'sharedAccount' : 'sharedMobile',
    ],
  );
  return Number(rows[0].case_id);
}

async function dismiss(caseId: number) {
  const res = await post(`/api/risk/cases/${caseId}/dismiss`, approver, {
    reason: 'Checked: a family account',
  });
  expect(res.status).toBe(200);
}

async function heldForReview(affiliate: FundedAffiliate): Promise<boolean> {
  const res = await request(t.app)
    .get('/api/affiliate/payouts')
    .set('Authorization', await bearer(t.ctx, affiliate.userId));
  expect(res.status).toBe(200);
  return AffiliatePayoutsResponse.parse(res.body).cards.heldForReview;
}

async function rejectRun(runId: number) {
  expect((await post(`${RUNS}/${runId}/submit`, creator)).status).toBe(200);
  expect((await post(`${RUNS}/${runId}/reject`, approver, { remark: 'Closing the test run' })).status).toBe(
    200,
  );
}

test('a held affiliate is ineligible in a new run, told so on its page, and paid after dismissal', async () => {
  const held = await fundedAffiliate(t.ctx.db, ['1500.00']);
  const clean = await fundedAffiliate(t.ctx.db, ['2500.00']);
  const lowCase = await openCase(held, 2);
  expect(await heldForReview(held)).toBe(false);
  const caseId = await openCase(held);
  expect(await heldForReview(held)).toBe(true);
  expect(await heldForReview(clean)).toBe(false);

  const first = await createRun();
  expect(await lineOf(first, held)).toMatchObject({ status: 'ineligible', reason: 'Under risk review' });
  expect(await lineOf(first, clean)).toMatchObject({ status: 'pending', underRiskReview: false });
  await rejectRun(first);

  await dismiss(caseId);
  expect(await heldForReview(held)).toBe(false);
  const second = await createRun();
  expect(await lineOf(second, held)).toMatchObject({ status: 'pending', gross: '1500.00' });
  await rejectRun(second);
  await dismiss(lowCase);
});

test('a case opened while the run is a draft makes the line ineligible at submission', async () => {
  const affiliate = await fundedAffiliate(t.ctx.db, ['1200.00']);
  const other = await fundedAffiliate(t.ctx.db, ['1300.00']);
  const runId = await createRun();
  expect(await lineOf(runId, affiliate)).toMatchObject({ status: 'pending', underRiskReview: false });
  const caseId = await openCase(affiliate);
  expect(await lineOf(runId, affiliate)).toMatchObject({ status: 'pending', underRiskReview: true });
  // A draft's line has nothing to let go: its submission decides.
  const letGo = await post(
    `${RUNS}/${runId}/lines/${(await lineOf(runId, affiliate)).lineId}/let-go`,
    creator,
  );
  expect(letGo.status).toBe(409);
  expect(letGo.body).toEqual({ message: PayoutMessages.lineNotUnderReview });

  expect((await post(`${RUNS}/${runId}/submit`, creator)).status).toBe(200);
  expect(await lineOf(runId, affiliate)).toMatchObject({ status: 'ineligible', reason: 'Under risk review' });
  expect(await lineOf(runId, other)).toMatchObject({ status: 'pending' });
  expect((await post(`${RUNS}/${runId}/reject`, approver, { remark: 'Closing' })).status).toBe(200);
  await dismiss(caseId);
});

test('a case opened after submission: approval waits; let go pays the line, exclude frees its money', async () => {
  const letGoAffiliate = await fundedAffiliate(t.ctx.db, ['1100.00']);
  const excluded = await fundedAffiliate(t.ctx.db, ['1400.00']);
  const runId = await createRun();
  expect((await post(`${RUNS}/${runId}/submit`, creator)).status).toBe(200);
  const cases = [await openCase(letGoAffiliate), await openCase(excluded)];

  const refused = await post(`${RUNS}/${runId}/approve`, approver, {});
  expect(refused.status).toBe(409);
  expect(refused.body).toEqual({ message: PayoutMessages.heldLinesUndecided(2) });
  const letGoLine = await lineOf(runId, letGoAffiliate);
  const excludedLine = await lineOf(runId, excluded);
  expect([letGoLine.underRiskReview, excludedLine.underRiskReview]).toEqual([true, true]);

  // Two admins letting the same line go at once: one answer each, one let go.
  const both = await Promise.all([
    post(`${RUNS}/${runId}/lines/${letGoLine.lineId}/let-go`, approver),
    post(`${RUNS}/${runId}/lines/${letGoLine.lineId}/let-go`, creator),
  ]);
  expect(both.map((res) => res.status).sort()).toEqual([200, 409]);
  const done = both.find((res) => res.status === 200)!;
  expect(PayoutLineResponse.parse(done.body)).toMatchObject({
    message: PayoutMessages.lineLetGo,
    line: { status: 'pending', underRiskReview: false },
  });

  const exclude = await post(`${RUNS}/${runId}/lines/${excludedLine.lineId}/exclude`, approver, {
    reason: 'Held for the shared account case',
  });
  expect(exclude.status).toBe(200);
  expect((await lineOf(runId, excluded)).status).toBe('excluded');
  // A line not under review cannot be excluded once the run left its draft.
  const notHeld = await post(`${RUNS}/${runId}/lines/${letGoLine.lineId}/exclude`, approver, {
    reason: 'No',
  });
  expect(notHeld.status).toBe(409);
  expect(notHeld.body).toEqual({ message: PayoutMessages.lineNotHeld });

  expect((await post(`${RUNS}/${runId}/approve`, approver, {})).status).toBe(200);
  expect((await lineOf(runId, letGoAffiliate)).status).toBe('processing');
  // The excluded line's entries are free again: not in any live line.
  const { rows } = await t.ctx.db.query<{ held: string }>(
    `SELECT count(*)::text AS held FROM payout_line_entries p JOIN commission_entries e USING (entry_id)
      WHERE e.affiliate_id = $1 AND p.line_status IN ('pending', 'sending', 'processing', 'paid')`,
    [excluded.affiliateId],
  );
  expect(rows[0].held).toBe('0');
  expect(await reconcileLedger(t.ctx.db)).toEqual([]);

  const { rows: audit } = await t.ctx.db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM audit_log WHERE action = 'payout.line.let_go' AND entity_type = 'affiliate'
        AND entity_id = $1`,
    [letGoAffiliate.affiliateId],
  );
  expect(audit[0].n).toBe('1');
  for (const caseId of cases) await dismiss(caseId);
  // Close the executing bank-file run: the bank's result by hand, by another admin than the creator.
  const lines = await request(t.app).get(`${RUNS}/${runId}?pageSize=100`).set('Authorization', creator);
  for (const line of PayoutRunDetail.parse(lines.body).lines.results.filter((l) => l.status === 'processing'))
    expect(
      (
        await post(`${RUNS}/${runId}/lines/${line.lineId}/mark`, approver, {
          status: 'paid',
          reason: 'Bank statement',
        })
      ).status,
    ).toBe(200);
});

test('hostile ids on let go answer 404 JSON; the claim for sending skips a held line', async () => {
  for (const path of [`${RUNS}/0/lines/1/let-go`, `${RUNS}/1/lines/-5/let-go`, `${RUNS}/1/lines/9e99/let-go`])
    expect((await post(path, approver)).status).toBe(404);

  const affiliate = await fundedAffiliate(t.ctx.db, ['1600.00']);
  const runId = await createRun();
  expect((await post(`${RUNS}/${runId}/submit`, creator)).status).toBe(200);
  const line = await lineOf(runId, affiliate);
  const other = await post(`${RUNS}/${runId + 1000}/lines/${line.lineId}/let-go`, approver);
  expect(other.status).toBe(404);
  const caseId = await openCase(affiliate);
  const claimed = await t.ctx.db.transaction((tx) =>
    claimLinesForSending(tx, new Map([[line.lineId, 'RCP_test']]), new Date()),
  );
  expect([...claimed]).toEqual([]);
  expect((await lineOf(runId, affiliate)).status).toBe('pending');
  await dismiss(caseId);
  expect((await lineOf(runId, affiliate)).underRiskReview).toBe(false);
  expect((await post(`${RUNS}/${runId}/reject`, approver, { remark: 'Closing' })).status).toBe(200);
});
