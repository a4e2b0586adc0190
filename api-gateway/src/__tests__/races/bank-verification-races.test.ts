import { BankAccountVerificationMessages as M } from '@portal/contracts';
import { businessDay } from '../../lib/business-time';
import { createAffiliate, createStaffUser } from '../../../test-support/affiliate-fixtures';
import { fundedAffiliate } from '../../../test-support/payout-fixtures';
import { call, countStatuses, RACE_PORTALS, type RacePortal } from '../../../test-support/race-portals';

jest.setTimeout(300_000);

const ROUNDS = 4;

/**
 * Issue 48 item 1 at once: two staff users recording a name enquiry for one affiliate (each on its own gateway
 * when there are two) leave one verification row in force; a below-75 enquiry confirmed twice at once by a
 * second person, while its recorder tries too, is confirmed once and the recorder is refused every time; an
 * enquiry recorded while the bank's result reports a payment to the account leaves one verification in force.
 */
describe.each(RACE_PORTALS)('bank account verification at once: %s', (_name, open) => {
  let portal: RacePortal;
  let recorder: { id: number; token: string };
  let second: { id: number; token: string };

  beforeAll(async () => {
    portal = await open();
    const staff = async (roleId: 1 | 2, name: string) => {
      const id = await createStaffUser(portal.db, roleId, name);
      return { id, token: await portal.tokenOf(id) };
    };
    recorder = await staff(2, 'Bola Recorder');
    second = await staff(1, 'Chidi Second');
  });
  afterAll(() => portal?.close());

  const urlOf = (index: number) => portal.urls[index % portal.urls.length];
  const path = (affiliateId: number) => `/api/backoffice/affiliate/${affiliateId}/bank-verification`;
  const rowsOf = async (affiliateId: number) => {
    const { rows } = await portal.db.query<{
      status: string;
      entered_by: string;
      confirmed_by: string | null;
    }>(
      `SELECT status, entered_by::text, confirmed_by::text FROM bank_account_verifications
        WHERE affiliate_id = $1 ORDER BY verification_id`,
      [affiliateId],
    );
    return rows;
  };
  const auditsOf = async (affiliateId: number) => {
    const { rows } = await portal.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity_type = 'affiliate' AND entity_id = $1
          AND action LIKE 'affiliate.bank.%' ORDER BY audit_id`,
      [String(affiliateId)],
    );
    return rows.map((row) => row.action);
  };
  const verifiedOf = async (affiliateId: number) => {
    const { rows } = await portal.db.query<{ verified: boolean; via: string | null }>(
      `SELECT bank_resolved_at IS NOT NULL AS verified, bank_verified_via AS via FROM affiliates
        WHERE affiliate_id = $1`,
      [affiliateId],
    );
    return rows[0];
  };

  test(`${ROUNDS} rounds: two enquiries at once, above and below 75, leave one row in force`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      for (const [accountName, expected] of [
        ['ADAEZE N. OKAFOR', { row: 'verified', audit: 'affiliate.bank.verify', loser: M.alreadyVerified }],
        [
          'NGOZI OKAFOR',
          { row: 'awaiting-second', audit: 'affiliate.bank.enquiry', loser: M.alreadyWaiting },
        ],
      ] as const) {
        const { affiliateId } = await createAffiliate(portal.db, {
          status: 'KYC Complete',
          fullName: 'Adaeze Okafor',
        });
        const answers = await Promise.all(
          [recorder, second].map((user, index) =>
            call(urlOf(index), 'POST', path(affiliateId), { token: user.token, body: { accountName } }),
          ),
        );
        expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
        expect(answers.find((answer) => answer.status === 409)?.body.message).toBe(expected.loser);
        expect((await rowsOf(affiliateId)).map((row) => row.status)).toEqual([expected.row]);
        expect(await auditsOf(affiliateId)).toEqual([expected.audit]);
        expect((await verifiedOf(affiliateId)).verified).toBe(expected.row === 'verified');
      }
    }
  });

  test(`${ROUNDS} rounds: a below-75 enquiry confirmed twice at once while its recorder tries too: confirmed once`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { affiliateId } = await createAffiliate(portal.db, {
        status: 'KYC Complete',
        fullName: 'Adaeze Okafor',
      });
      const recorded = await call(urlOf(0), 'POST', path(affiliateId), {
        token: recorder.token,
        body: { accountName: 'NGOZI OKAFOR' },
      });
      expect(recorded.status).toBe(200);
      const waiting = (recorded.body.state as { waiting: { verificationID: number } }).waiting;
      const confirm = `${path(affiliateId)}/${waiting.verificationID}/confirm`;
      const answers = await Promise.all(
        [second, second, recorder, recorder].map((user, index) =>
          call(urlOf(index), 'POST', confirm, { token: user.token, body: { confirm: true } }),
        ),
      );
      const bySecond = answers.slice(0, 2);
      const byRecorder = answers.slice(2);
      expect(bySecond.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(bySecond.find((answer) => answer.status === 409)?.body.message).toBe(M.notWaiting);
      expect(countStatuses(byRecorder)).toEqual({ 403: 2 });
      for (const answer of byRecorder) expect(answer.body.message).toBe(M.ownEnquiry);
      expect(await rowsOf(affiliateId)).toEqual([
        { status: 'verified', entered_by: String(recorder.id), confirmed_by: String(second.id) },
      ]);
      expect(await auditsOf(affiliateId)).toEqual(['affiliate.bank.enquiry', 'affiliate.bank.verify']);
      expect(await verifiedOf(affiliateId)).toEqual({ verified: true, via: 'name-enquiry' });
    }
  });

  test(`${ROUNDS} rounds: an enquiry while the bank's result reports the account paid: one verification in force`, async () => {
    const RUNS = '/api/admin/payouts/runs';
    for (let round = 0; round < ROUNDS; round++) {
      const affiliate = await fundedAffiliate(portal.db, ['1500.00'], { resolved: false });
      const { rows: named } = await portal.db.query<{ full_name: string }>(
        'SELECT full_name FROM affiliates WHERE affiliate_id = $1',
        [affiliate.affiliateId],
      );
      // Above the threshold (the registered name itself) and below it, in turn.
      const accountName = round % 2 === 0 ? named[0].full_name.toUpperCase() : 'NGOZI OKAFOR';
      const created = await call(urlOf(0), 'POST', RUNS, {
        token: portal.adminToken,
        body: { cutoff: businessDay(new Date()) },
      });
      expect(created.status).toBe(201);
      const runId = (created.body.run as { runId: number }).runId;
      expect(
        (await call(urlOf(0), 'POST', `${RUNS}/${runId}/submit`, { token: portal.adminToken })).status,
      ).toBe(200);
      expect(
        (await call(urlOf(1), 'POST', `${RUNS}/${runId}/approve`, { token: second.token, body: {} })).status,
      ).toBe(200);
      const { rows: lines } = await portal.db.query<{ id: string }>(
        `SELECT payout_line_id::text AS id FROM payout_lines WHERE payout_run_id = $1 AND status = 'processing'`,
        [runId],
      );
      expect(lines).toHaveLength(1);
      const [marked, enquired] = await Promise.all([
        call(urlOf(1), 'POST', `${RUNS}/${runId}/lines/${lines[0].id}/mark`, {
          token: second.token,
          body: { status: 'paid', reason: 'Bank statement' },
        }),
        call(urlOf(0), 'POST', path(affiliate.affiliateId), { token: recorder.token, body: { accountName } }),
      ]);
      expect(marked.status).toBe(200);
      expect([200, 409]).toContain(enquired.status);
      if (enquired.status === 409) expect(enquired.body.message).toBe(M.alreadyVerified);
      const statuses = (await rowsOf(affiliate.affiliateId)).map((row) => row.status);
      expect(statuses.filter((status) => status === 'verified')).toHaveLength(1);
      expect(statuses).not.toContain('awaiting-second');
      expect(
        (await auditsOf(affiliate.affiliateId)).filter((a) => a === 'affiliate.bank.verify'),
      ).toHaveLength(1);
      expect((await verifiedOf(affiliate.affiliateId)).verified).toBe(true);
    }
  });
});
