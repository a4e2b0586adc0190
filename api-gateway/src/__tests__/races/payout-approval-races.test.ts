import { businessDay } from '../../lib/business-time';
import { hashPassword } from '../../auth/password';
import { totpCodeAt } from '../../../test-support/authenticator';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { call, RACE_PORTALS, type RacePortal } from '../../../test-support/race-portals';
import { reconcileLedger } from '../../../test-support/ledger-reconciliation';
import {
  addOrders,
  fundedAffiliate,
  setOrderStatus,
  type FundedAffiliate,
} from '../../../test-support/payout-fixtures';

jest.setTimeout(240_000);

const ROUNDS = 5;
const ADMINS = [
  { email: 'payout-approver-b@example.test', password: 'Approver@b12345' },
  { email: 'payout-approver-c@example.test', password: 'Approver@c12345' },
];
// The business day (Lagos), as the gateway judges a cutoff: UTC's date is the day before from 23:00 UTC.
const today = () => businessDay(new Date());

/**
 * Issue 28, never twice: two admins on two gateways approving the same payout run at once give one approval
 * (one 200, one 409, never a 5xx), and the run's lines move to processing once; two admins creating a run at
 * once give one run (one 201, one 409 naming it).
 */
describe.each(RACE_PORTALS)('payout runs approved and created at once: %s', (_name, open) => {
  let portal: RacePortal;
  let affiliate: FundedAffiliate;

  beforeAll(async () => {
    portal = await open();
    for (const [index, admin] of ADMINS.entries()) {
      const { rows } = await portal.db.query<{ user_id: number | string }>(
        `INSERT INTO users (full_name, email, password_hash, role_id, phone_code, mobile_number, country_id)
         VALUES ($1, $2, $3, 1, '+234', $4, 1) RETURNING user_id`,
        [`Approver ${index}`, admin.email, await hashPassword(admin.password), `81777778${10 + index}`],
      );
      await portal.db.query(
        `INSERT INTO user_second_factors (user_id, secret, confirmed_at, last_used_step, created_at)
         VALUES ($1, $2, now(), -1, now())`,
        [Number(rows[0].user_id), DEMO_ACCOUNTS.admin.totpSecret],
      );
    }
    affiliate = await fundedAffiliate(portal.db, ['2500.00']);
  });
  afterAll(() => portal?.close());

  const tokenOf = async (url: string, account: { email: string; password: string }) => {
    const res = await call(url, 'POST', '/api/login/auth', {
      ip: '102.89.9.10',
      body: { userName: account.email, password: account.password },
    });
    expect(res.status).toBe(200);
    if (res.body.secondFactorRequired !== true) return res.body.token as string;
    await portal.db.query(
      `UPDATE user_second_factors f SET last_used_step = -1 FROM users u
        WHERE u.user_id = f.user_id AND lower(u.email) = lower($1)`,
      [account.email],
    );
    const code = await call(url, 'POST', '/api/login/second-factor', {
      ip: '102.89.9.10',
      body: { challenge: res.body.challenge, code: totpCodeAt(DEMO_ACCOUNTS.admin.totpSecret, new Date()) },
    });
    expect(code.status).toBe(200);
    return code.body.token as string;
  };

  test(`${ROUNDS} rounds: two approvals at once on two gateways, one wins; lines processing once`, async () => {
    const [urlA, urlB] = [portal.urls[0], portal.urls[portal.urls.length - 1]];
    const creator = await tokenOf(urlA, DEMO_ACCOUNTS.admin);
    const outcomes: number[][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      if (round > 0) await addOrders(portal.db, affiliate, ['1200.00']);
      const created = await call(urlA, 'POST', '/api/admin/payouts/runs', {
        token: creator,
        body: { cutoff: today() },
      });
      expect(created.status).toBe(201);
      const runId = (created.body.run as { runId: number }).runId;
      expect(
        (await call(urlA, 'POST', `/api/admin/payouts/runs/${runId}/submit`, { token: creator })).status,
      ).toBe(200);
      // Tokens one after the other: two sign-ins within one 30-second step would share its code.
      const first = await tokenOf(urlA, ADMINS[0]);
      const second = await tokenOf(urlB, ADMINS[1]);
      const answers = await Promise.all([
        call(urlA, 'POST', `/api/admin/payouts/runs/${runId}/approve`, {
          token: first,
          body: { remark: 'A' },
        }),
        call(urlB, 'POST', `/api/admin/payouts/runs/${runId}/approve`, {
          token: second,
          body: { remark: 'B' },
        }),
      ]);
      outcomes.push(answers.map((answer) => answer.status).sort());
      for (const answer of answers) expect(typeof answer.body.message).toBe('string');
      const { rows } = await portal.db.query<{ status: string; remark: string; approvals: number }>(
        `SELECT r.status, r.decision_remark AS remark,
                (SELECT count(*)::int FROM audit_log WHERE action = 'payout.run.approve' AND entity_id = $1)
                  AS approvals
           FROM payout_runs r WHERE r.payout_run_id = $2`,
        [String(runId), runId],
      );
      expect(rows[0]).toMatchObject({ status: 'executing', approvals: 1 });
      const winner = answers.find((answer) => answer.status === 200);
      expect(rows[0].remark).toBe(winner === answers[0] ? 'A' : 'B');
      // Settle the run by hand so the next round may open one.
      const { rows: lines } = await portal.db.query<{ id: string; status: string }>(
        `SELECT payout_line_id::text AS id, status FROM payout_lines WHERE payout_run_id = $1 AND status <> 'ineligible'`,
        [runId],
      );
      expect(lines.map((line) => line.status)).toEqual(lines.map(() => 'processing'));
      for (const line of lines) {
        const marked = await call(urlB, 'POST', `/api/admin/payouts/runs/${runId}/lines/${line.id}/mark`, {
          token: second,
          body: { status: 'paid', reason: 'Bank statement' },
        });
        expect(marked.status).toBe(200);
      }
    }
    expect(outcomes).toEqual(outcomes.map(() => [200, 409]));
    // Paid once each: every entry of the affiliate in exactly one paid line.
    const { rows } = await portal.db.query<{ entries: number; paid: number; twice: number }>(
      `SELECT count(*)::int AS entries,
              count(p.entry_id)::int AS paid,
              (SELECT count(*)::int FROM (SELECT entry_id FROM payout_line_entries WHERE line_status = 'paid'
                                           GROUP BY entry_id HAVING count(*) > 1) d) AS twice
         FROM commission_entries e
         LEFT JOIN payout_line_entries p ON p.entry_id = e.entry_id AND p.line_status = 'paid'
        WHERE e.affiliate_id = $1`,
      [affiliate.affiliateId],
    );
    expect(rows[0]).toEqual({ entries: ROUNDS, paid: ROUNDS, twice: 0 });
  });

  test('two admins creating a run at once: one run, the other told which run is open', async () => {
    // Above the ₦1,000 minimum payout: a run whose only line is below it pays nothing, and a run with nothing to
    // pay never blocks the next one (issue 48), so it would not make the second admin wait.
    await addOrders(portal.db, affiliate, ['1200.00']);
    const [urlA, urlB] = [portal.urls[0], portal.urls[portal.urls.length - 1]];
    const first = await tokenOf(urlA, ADMINS[0]);
    const second = await tokenOf(urlB, ADMINS[1]);
    const answers = await Promise.all([
      call(urlA, 'POST', '/api/admin/payouts/runs', { token: first, body: { cutoff: today() } }),
      call(urlB, 'POST', '/api/admin/payouts/runs', { token: second, body: { cutoff: today() } }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const winner = answers.find((answer) => answer.status === 201);
    const loser = answers.find((answer) => answer.status === 409);
    const runId = (winner?.body.run as { runId: number }).runId;
    expect(loser?.body.message).toBe(
      `Payout run #${runId} is still open (draft). Complete or reject it before creating another.`,
    );
    const { rows } = await portal.db.query<{ open: number; lines: number }>(
      `SELECT (SELECT count(*)::int FROM payout_runs WHERE status = 'draft') AS open,
              (SELECT count(*)::int FROM payout_lines WHERE payout_run_id = $1) AS lines`,
      [runId],
    );
    expect(rows[0]).toEqual({ open: 1, lines: 1 });
  });

  test('a draft submitted while another writer returns its orders or another admin discards it: one outcome', async () => {
    const [urlA, urlB] = [portal.urls[0], portal.urls[portal.urls.length - 1]];
    const creator = await tokenOf(urlA, ADMINS[0]);
    const other = await tokenOf(urlB, ADMINS[1]);
    const open = await portal.db.query<{ id: string }>(
      `SELECT payout_run_id::text AS id FROM payout_runs WHERE status = 'draft'`,
    );
    for (const run of open.rows)
      expect(
        (await call(urlB, 'POST', `/api/admin/payouts/runs/${run.id}/discard`, { token: other })).status,
      ).toBe(200);
    const newDraft = async () => {
      const created = await call(urlA, 'POST', '/api/admin/payouts/runs', {
        token: creator,
        body: { cutoff: today() },
      });
      expect(created.status).toBe(201);
      return (created.body.run as { runId: number }).runId;
    };
    for (let round = 0; round < ROUNDS; round++) {
      // Submitted on one gateway while the other discards: submitted with its entries, or gone with its lines.
      await fundedAffiliate(portal.db, ['1500.00']);
      let runId = await newDraft();
      const [submitted, discarded] = await Promise.all([
        call(urlA, 'POST', `/api/admin/payouts/runs/${runId}/submit`, { token: creator }),
        call(urlB, 'POST', `/api/admin/payouts/runs/${runId}/discard`, { token: other }),
      ]);
      const pair = [submitted.status, discarded.status];
      expect([
        [200, 409],
        [404, 200],
      ]).toContainEqual(pair);
      const { rows: left } = await portal.db.query<{ runs: number; lines: number; held: number }>(
        `SELECT (SELECT count(*)::int FROM payout_runs WHERE payout_run_id = $1) AS runs,
                (SELECT count(*)::int FROM payout_lines WHERE payout_run_id = $1) AS lines,
                (SELECT count(*)::int FROM payout_line_entries p JOIN payout_lines l USING (payout_line_id)
                  WHERE l.payout_run_id = $1) AS held`,
        [runId],
      );
      if (pair[0] === 200) {
        expect(left[0].runs).toBe(1);
        expect(left[0].held).toBeGreaterThan(0);
        await call(urlB, 'POST', `/api/admin/payouts/runs/${runId}/reject`, {
          token: other,
          body: { remark: 'Race' },
        });
      } else expect(left[0]).toEqual({ runs: 0, lines: 0, held: 0 });

      // Submitted while another writer returns one of the affiliate's orders: the return is either seen by the
      // submission (reversed, the line pays the rest) or comes after it (a clawback); the line holds what it pays.
      const returning = await fundedAffiliate(portal.db, ['1000.00', '1100.00', '1200.00']);
      const { rows: orders } = await portal.db.query<{ external_id: string }>(
        `SELECT external_id FROM orders WHERE affiliate_id = $1 AND commission_amount = 1000`,
        [returning.affiliateId],
      );
      runId = await newDraft();
      const [answer] = await Promise.all([
        call(urlA, 'POST', `/api/admin/payouts/runs/${runId}/submit`, { token: creator }),
        setOrderStatus(portal.db, returning, orders[0].external_id, '1000.00', 'Rejected'),
      ]);
      expect(answer.status).toBe(200);
      const { rows: line } = await portal.db.query<{ gross: string; held: string; clawbacks: number }>(
        `SELECT l.gross::text,
                (SELECT coalesce(sum(e.amount), 0)::text FROM payout_line_entries p
                   JOIN commission_entries e USING (entry_id) WHERE p.payout_line_id = l.payout_line_id) AS held,
                (SELECT count(*)::int FROM commission_entries e
                  WHERE e.affiliate_id = l.affiliate_id AND e.kind = 'clawback') AS clawbacks
           FROM payout_lines l WHERE l.payout_run_id = $1 AND l.affiliate_id = $2`,
        [runId, returning.affiliateId],
      );
      expect(line[0].held).toBe(line[0].gross);
      expect([
        { gross: '2300.00', clawbacks: 0 },
        { gross: '3300.00', clawbacks: 1 },
      ]).toContainEqual({ gross: line[0].gross, clawbacks: line[0].clawbacks });
      expect(await reconcileLedger(portal.db, [returning.affiliateId])).toEqual([]);
      await call(urlB, 'POST', `/api/admin/payouts/runs/${runId}/reject`, {
        token: other,
        body: { remark: 'Race' },
      });
    }
  });
});
