import { PayoutMessages } from '@portal/contracts';
import { businessDay } from '../../lib/business-time';
import { createStaffUser } from '../../../test-support/affiliate-fixtures';
import { reconcileLedger } from '../../../test-support/ledger-reconciliation';
import { fundedAffiliate } from '../../../test-support/payout-fixtures';
import {
  call,
  countStatuses,
  RACE_PORTALS,
  type Answer,
  type RacePortal,
} from '../../../test-support/race-portals';

jest.setTimeout(400_000);

const ROUNDS = 3;
const RUNS = '/api/admin/payouts/runs';
// The business day (Lagos), as the gateway judges a cutoff.
const today = () => businessDay(new Date());

/**
 * Issue 48 items 6 and 8 at once, each call on its own gateway when there are two: runs created at once when
 * nobody is owed enough leave one open run and no empty draft behind it; the bank's result recorded at once by
 * two admins (and tried by the run's creator) moves each line once, a paid line stays paid, the creator is
 * refused, and the ledger reconciles.
 */
describe.each(RACE_PORTALS)('bank-file results and empty runs at once: %s', (_name, open) => {
  let portal: RacePortal;
  let admins: { creator: string; approver: string; first: string; second: string };
  const tokenByUser = new Map<number, string>();

  beforeAll(async () => {
    portal = await open();
    const admin = async (name: string) => {
      const userId = await createStaffUser(portal.db, 1, name);
      const token = await portal.tokenOf(userId);
      tokenByUser.set(userId, token);
      return token;
    };
    admins = {
      creator: await admin('Ada Creator'),
      approver: await admin('Bayo Approver'),
      first: await admin('Chioma First'),
      second: await admin('Dayo Second'),
    };
  });
  afterAll(() => portal?.close());

  const urlOf = (index: number) => portal.urls[index % portal.urls.length];
  const create = (index: number, token: string) =>
    call(urlOf(index), 'POST', RUNS, { token, body: { cutoff: today() } });
  const runsLeft = async () => {
    const { rows } = await portal.db.query<{ open: number; payable: number; audits: number }>(
      `SELECT (SELECT count(*)::int FROM payout_runs WHERE status IN ('draft', 'submitted', 'approved')) AS open,
              (SELECT count(*)::int FROM payout_lines l JOIN payout_runs r USING (payout_run_id)
                WHERE r.status IN ('draft', 'submitted') AND l.status = 'pending') AS payable,
              (SELECT count(*)::int FROM audit_log WHERE action = 'payout.run.discard') AS audits`,
    );
    return rows[0];
  };

  test(`${ROUNDS} rounds: runs created at once, and created while the empty draft is submitted, with nobody to pay`, async () => {
    // Owed, but below the ₦1,000 minimum payout: every line ineligible.
    await fundedAffiliate(portal.db, ['500.00']);
    let created = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await Promise.all([create(0, admins.first), create(1, admins.second)]);
      const counts = countStatuses(answers);
      // Both answered at once (one refused, naming the empty draft), or one after the other (the second
      // discarded the first's empty draft): never a 5xx, never two open runs.
      expect([{ 201: 1, 409: 1 }, { 201: 2 }]).toContainEqual(counts);
      created += counts[201];
      expect(await runsLeft()).toEqual({ open: 1, payable: 0, audits: created - 1 });

      const { rows } = await portal.db.query<{ id: string; creator: string }>(
        `SELECT payout_run_id::text AS id, created_by::text AS creator FROM payout_runs WHERE status = 'draft'`,
      );
      // Submitted by its creator (only the creator submits a draft) while the other admin creates a run.
      const [submitted, another] = await Promise.all([
        call(urlOf(0), 'POST', `${RUNS}/${rows[0].id}/submit`, {
          token: tokenByUser.get(Number(rows[0].creator)),
        }),
        create(1, admins.second),
      ]);
      // An empty draft is never submitted; it never blocks the new run either.
      expect([404, 409]).toContain(submitted.status);
      if (submitted.status === 409) expect(submitted.body.message).toBe(PayoutMessages.nothingToPay);
      expect(another.status).toBe(201);
      created += 1;
      expect(await runsLeft()).toEqual({ open: 1, payable: 0, audits: created - 1 });
    }
    const { rows: submittedRuns } = await portal.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payout_runs WHERE status <> 'draft'`,
    );
    expect(submittedRuns[0].n).toBe(0);
  });

  const upload = async (index: number, token: string, rows: string[][]): Promise<Answer> => {
    const form = new FormData();
    form.append('file', new Blob([rows.map((row) => row.join(',')).join('\n')]), 'result.csv');
    const res = await fetch(`${urlOf(index)}${RUNS}/${runIdNow}/bank-result`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  let runIdNow = 0;

  test(`${ROUNDS} rounds: two admins record the bank's result at once, the creator tries too: each line moves once`, async () => {
    const affiliateIds: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const commission of ['1500.00', '2200.00', '3100.00'])
        affiliateIds.push(
          (await fundedAffiliate(portal.db, [commission], { resolved: round % 2 === 0 })).affiliateId,
        );
      const created = await create(0, admins.creator);
      expect(created.status).toBe(201);
      runIdNow = (created.body.run as { runId: number }).runId;
      expect(
        (await call(urlOf(0), 'POST', `${RUNS}/${runIdNow}/submit`, { token: admins.creator })).status,
      ).toBe(200);
      expect(
        (await call(urlOf(1), 'POST', `${RUNS}/${runIdNow}/approve`, { token: admins.approver, body: {} }))
          .status,
      ).toBe(200);
      const { rows: lines } = await portal.db.query<{ id: string; reference: string; status: string }>(
        `SELECT payout_line_id::text AS id, reference, status FROM payout_lines
          WHERE payout_run_id = $1 AND status <> 'ineligible' ORDER BY payout_line_id`,
        [runIdNow],
      );
      expect(lines.length).toBeGreaterThanOrEqual(3);
      expect(lines.every((line) => line.status === 'processing')).toBe(true);
      // The last line is left out of the files, so the run is still executing for both uploads.
      const [contested, ...rest] = lines.slice(0, -1);
      const held = lines[lines.length - 1];
      const paidRows = rest.map((line) => [line.reference, 'paid', '']);
      const header = ['Reference', 'Status', 'Reason'];
      const answers = await Promise.all([
        upload(0, admins.first, [header, [contested.reference, 'paid', ''], ...paidRows]),
        upload(1, admins.second, [header, [contested.reference, 'failed', 'Account closed'], ...paidRows]),
        upload(0, admins.creator, [header, [contested.reference, 'paid', ''], ...paidRows]),
      ]);
      expect(answers[2].status).toBe(403);
      expect(answers[2].body.message).toBe(PayoutMessages.creatorCannotRecordResult);
      expect(answers.slice(0, 2).map((answer) => answer.status)).toEqual([200, 200]);
      const moved = (key: 'paid' | 'failed') =>
        answers.slice(0, 2).reduce((sum, answer) => sum + Number(answer.body[key]), 0);
      // Each line of the files moved once between the two uploads.
      expect(moved('paid') + moved('failed')).toBe(lines.length - 1);
      const { rows: after } = await portal.db.query<{ id: string; status: string; refused: number }>(
        `SELECT l.payout_line_id::text AS id, l.status,
                (SELECT count(*)::int FROM audit_log a WHERE a.action = 'payout.line.failed_after_paid'
                    AND a.entity_id = l.payout_line_id::text) AS refused
           FROM payout_lines l WHERE l.payout_run_id = $1 AND l.status <> 'ineligible' ORDER BY 1`,
        [runIdNow],
      );
      const statusOf = (id: string) => after.find((line) => line.id === id)!;
      for (const line of rest) expect(statusOf(line.id)).toEqual({ id: line.id, status: 'paid', refused: 0 });
      // The contested line: paid first (then the 'failed' refused and kept in its history), or failed first.
      const outcome = statusOf(contested.id);
      expect([
        { id: contested.id, status: 'paid', refused: 1 },
        { id: contested.id, status: 'failed', refused: 0 },
      ]).toContainEqual(outcome);
      expect(moved('failed')).toBe(outcome.status === 'failed' ? 1 : 0);

      // The held line marked paid and failed by hand at once, by two admins, and by the creator.
      const mark = (index: number, token: string, status: string) =>
        call(urlOf(index), 'POST', `${RUNS}/${runIdNow}/lines/${held.id}/mark`, {
          token,
          body: { status, reason: 'Bank statement' },
        });
      const marks = await Promise.all([
        mark(0, admins.first, 'paid'),
        mark(1, admins.second, 'failed'),
        mark(1, admins.creator, 'paid'),
      ]);
      // The creator is refused: as the creator, or because the winner's mark already completed the run.
      expect([
        [403, PayoutMessages.creatorCannotRecordResult],
        [409, PayoutMessages.notExecuting],
      ]).toContainEqual([marks[2].status, marks[2].body.message]);
      expect(
        marks
          .slice(0, 2)
          .map((answer) => answer.status)
          .sort(),
      ).toEqual([200, 409]);
      const { rows: heldRows } = await portal.db.query<{ status: string; marks: number; run: string }>(
        `SELECT l.status, r.status AS run,
                (SELECT count(*)::int FROM audit_log a WHERE a.action = 'payout.line.mark'
                    AND a.entity_id = l.payout_line_id::text) AS marks
           FROM payout_lines l JOIN payout_runs r USING (payout_run_id) WHERE l.payout_line_id = $1`,
        [held.id],
      );
      const winner = marks[0].status === 200 ? 'paid' : 'failed';
      expect(heldRows[0]).toEqual({ status: winner, marks: 1, run: 'completed' });
    }
    // Every entry in at most one paid line; a failed line's money is free again, a paid line's never is.
    const { rows } = await portal.db.query<{ twice: number; paidButFree: number }>(
      `SELECT (SELECT count(*)::int FROM (SELECT entry_id FROM payout_line_entries WHERE line_status = 'paid'
                                         GROUP BY entry_id HAVING count(*) > 1) d) AS twice,
              (SELECT count(*)::int FROM payout_lines l WHERE l.status = 'paid'
                  AND NOT EXISTS (SELECT 1 FROM payout_line_entries p
                                   WHERE p.payout_line_id = l.payout_line_id AND p.line_status = 'paid'))
                AS "paidButFree"`,
    );
    expect(rows[0]).toEqual({ twice: 0, paidButFree: 0 });
    expect(await reconcileLedger(portal.db, affiliateIds)).toEqual([]);
  });
});
