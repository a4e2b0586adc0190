import { createHmac } from 'node:crypto';
import { FAKE_PAYSTACK_SECRET } from '../../../test-support/fakes/paystack-fake';
import { closeOpenRuns, createPaystackRun } from '../../../test-support/paystack-payout-fixtures';
import {
  countStatuses,
  RACE_PORTALS,
  type Answer,
  type RacePortal,
} from '../../../test-support/race-portals';

jest.setTimeout(300_000);

const ROUNDS = 3;
// Payouts on the bank file, Paystack still the key of account names: its events are still heard (a run paid on
// Paystack before a switch), and no payout worker sends or verifies anything while the test sends its events.
const PAYSTACK_EVENTS_ONLY = {
  PAYOUT_PROVIDER: 'bank-file',
  BANK_VERIFICATION_PROVIDER: 'paystack',
  PAYSTACK_SECRET_KEY: FAKE_PAYSTACK_SECRET,
  PAYSTACK_BASE_URL: 'http://127.0.0.1:9',
};

/**
 * Issue 48 item 5 at once: a signed transfer.success whose amount or currency is not the line's, delivered
 * twice to each gateway at once (Paystack retries, a load balancer spreads them), leaves the line processing
 * with one audit row per distinct report; the true success then pays it once, with one paid notice.
 */
describe.each(RACE_PORTALS)('Paystack success with another amount at once: %s', (_name, open) => {
  let portal: RacePortal;

  beforeAll(async () => {
    portal = await open(PAYSTACK_EVENTS_ONLY);
  });
  afterAll(() => portal?.close());

  /** One signed transfer.success to a gateway. */
  const deliver = async (
    index: number,
    reference: string,
    data: Record<string, unknown>,
  ): Promise<Answer> => {
    const body = JSON.stringify({
      event: 'transfer.success',
      data: { reference, status: 'success', transfer_code: `TRF_${reference}`, currency: 'NGN', ...data },
    });
    const signature = createHmac('sha512', FAKE_PAYSTACK_SECRET).update(body).digest('hex');
    const res = await fetch(`${portal.urls[index % portal.urls.length]}/api/webhooks/paystack`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      body,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  /** The same signed event, twice to each gateway (twice to the one), all at once. */
  const deliverAtOnce = (reference: string, data: Record<string, unknown>) =>
    Promise.all([0, 1, 0, 1].map((index) => deliver(index, reference, data)));
  const processingLine = async () => {
    const run = await createPaystackRun(portal.ctx, ['1000.00']);
    await portal.db.query(
      `UPDATE payout_lines SET status = 'processing', provider_transfer_code = 'TRF_' || reference
        WHERE payout_run_id = $1`,
      [run.runId],
    );
    return run.lines[0];
  };
  const lineNow = async (lineId: number, affiliateId: number) => {
    const { rows } = await portal.db.query<{
      status: string;
      reason: string | null;
      mismatches: number;
      paid: number;
      notices: number;
    }>(
      `SELECT l.status, l.status_reason AS reason,
              (SELECT count(*)::int FROM audit_log WHERE entity_type = 'payout_line' AND entity_id = $3
                  AND action = 'payout.line.mismatch') AS mismatches,
              (SELECT count(*)::int FROM audit_log WHERE entity_type = 'payout_line' AND entity_id = $3
                  AND action = 'payout.line.paid') AS paid,
              (SELECT count(*)::int FROM outbox o JOIN affiliates f ON f.affiliate_id = $2
                WHERE o.recipient = f.email) AS notices
         FROM payout_lines l WHERE l.payout_line_id = $1`,
      [lineId, affiliateId, String(lineId)],
    );
    return rows[0];
  };

  test(`${ROUNDS} rounds: two wrong reports, each four times at once, then the true one four times`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const line = await processingLine();
      // ₦1.00 reported for a ₦1,000.00 line.
      expect(countStatuses(await deliverAtOnce(line.reference, { amount: 100 }))).toEqual({ 200: 4 });
      expect(await lineNow(line.lineId, line.affiliateId)).toEqual({
        status: 'processing',
        reason:
          'Not marked paid: Paystack reported a successful transfer of ₦1.00 (NGN), but this line pays ₦1,000.00 (NGN). Check the transfer on Paystack before marking the line.',
        mismatches: 1,
        paid: 0,
        notices: 0,
      });
      // The right amount in dollars: a second distinct report, one more row.
      expect(countStatuses(await deliverAtOnce(line.reference, { amount: 100000, currency: 'USD' }))).toEqual(
        {
          200: 4,
        },
      );
      expect(await lineNow(line.lineId, line.affiliateId)).toMatchObject({
        status: 'processing',
        reason: expect.stringContaining('₦1,000.00 (USD)'),
        mismatches: 2,
        paid: 0,
        notices: 0,
      });
      // The true success: paid once, one audit row, one paid notice.
      expect(countStatuses(await deliverAtOnce(line.reference, { amount: 100000 }))).toEqual({ 200: 4 });
      expect(await lineNow(line.lineId, line.affiliateId)).toMatchObject({
        status: 'paid',
        mismatches: 2,
        paid: 1,
        notices: 1,
      });
      await closeOpenRuns(portal.db);
    }
  });

  test(`${ROUNDS * 2} rounds: the true success and a wrong one at once: paid once, no mismatch recorded after it`, async () => {
    for (let round = 0; round < ROUNDS * 2; round++) {
      const line = await processingLine();
      const answers = await Promise.all(
        [0, 1, 0, 1].map((index) =>
          deliver(index, line.reference, { amount: index === round % 2 ? 100000 : 100 }),
        ),
      );
      expect(countStatuses(answers)).toEqual({ 200: 4 });
      expect(await lineNow(line.lineId, line.affiliateId)).toMatchObject({
        status: 'paid',
        paid: 1,
        notices: 1,
      });
      // A wrong report landing after the true success changes nothing: no mismatch recorded on a paid line.
      const { rows: audit } = await portal.db.query<{ action: string; from_status: string }>(
        `SELECT action, from_status FROM audit_log WHERE entity_type = 'payout_line' AND entity_id = $1
          ORDER BY audit_id`,
        [String(line.lineId)],
      );
      expect(audit.filter((row) => row.from_status !== 'processing')).toEqual([]);
      expect(audit.at(-1)?.action).toBe('payout.line.paid');
      await closeOpenRuns(portal.db);
    }
  });
});
