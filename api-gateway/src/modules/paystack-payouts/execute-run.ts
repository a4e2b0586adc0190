import type { AppContext } from '../../context';
import { faultPoint } from '../../lib/fault-point';
import { open } from '../../lib/field-crypto';
import { keyedHash } from '../../lib/keyed-hash';
import { recordAudit } from '../audit';
import { recordPayoutProviderResult } from './payout-health';
import { applyTransferState, failLines, settleRun } from './transfer-outcomes';
import {
  type BulkItem,
  PAYSTACK_BULK_CHUNK,
  type PaystackTransfersClient,
  type TransferState,
} from './transfers-client';

/**
 * Paying a run through Paystack (issue 28), as a background job: the run is 'executing' (Pay now moved it
 * there). One gateway at a time holds the run (a lease on payout_runs, renewed in the transaction that claims
 * each chunk); the holder checks the balance once, then per chunk of PAYSTACK_BULK_CHUNK lines: recipients
 * (created once per account, kept), the lines pending → 'sending' COMMITTED, then POST /transfer/bulk with each
 * line's own reference, then each line → processing (with its transfer_code), paid or failed by the answer. A
 * lost answer (timeout, 5xx, 429) leaves the lines 'sending': only the reconciler moves them, after asking
 * Paystack by reference. So whatever moment a gateway dies at, no line is sent twice: a line is sent only from
 * 'pending' (once, by the claim) or by the reconciler after Paystack said it has no transfer with its reference.
 */

/** Paystack's NGN transfer fee, at most ₦50 per transfer (₦10 up to ₦5,000, ₦25 up to ₦50,000). */
export function transferFeeKobo(amountKobo: number): number {
  if (amountKobo <= 5_000_00) return 10_00;
  if (amountKobo <= 50_000_00) return 25_00;
  return 50_00;
}

export const formatNaira = (kobo: bigint | number): string => {
  const value = BigInt(kobo);
  const whole = (value / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `₦${whole}.${(value % 100n).toString().padStart(2, '0')}`;
};

export const PayoutProviderMessages = {
  balanceTooLow: (balance: bigint, needed: bigint, fees: bigint) =>
    `The Paystack balance (${formatNaira(balance)}) is less than this run needs (${formatNaira(needed)}: ` +
    `${formatNaira(needed - fees)} to pay and up to ${formatNaira(fees)} in transfer fees). ` +
    'Fund the balance, then choose Pay now again.',
  balanceUnknown: 'Paystack could not be asked for the balance; the payment starts when it answers.',
  recipientRefused: (message: string) => `Paystack refused the account: ${message}`,
  transferRefused: (message: string) => `Paystack refused the transfer: ${message}`,
};

interface LineRow {
  payout_line_id: string | number;
  reference: string;
  net_kobo: string | number;
  bank_code: string;
  account_number_sealed: string;
  account_name: string | null;
  paystack_recipient_code: string | null;
}

/** What a pass did (tests and logs). */
export interface ExecutionReport {
  runId: number | null;
  sent: number;
  stoppedBecause?: string;
}

const leaseUntil = (ctx: AppContext, seconds: number) => new Date(ctx.now().getTime() + seconds * 1000);

/**
 * Takes one executing Paystack run whose lease is free (or run out) and has lines pending, and pays what it
 * can. Returns after the run has no pending line, or at the first inconclusive answer (the next pass, or the
 * reconciler, carries on).
 */
export async function executeNextRun(
  ctx: AppContext,
  client: PaystackTransfersClient,
  options: { leaseSeconds: number; stopping?: () => boolean },
): Promise<ExecutionReport> {
  const now = ctx.now();
  let lease = leaseUntil(ctx, options.leaseSeconds);
  const { rows: claimed } = await ctx.db.query<{
    payout_run_id: string | number;
    balance_checked_at: Date | null;
  }>(
    `UPDATE payout_runs SET execution_lease_until = $2
      WHERE payout_run_id = (
              SELECT r.payout_run_id FROM payout_runs r
               WHERE r.status = 'executing' AND r.provider = 'paystack'
                 AND (r.execution_lease_until IS NULL OR r.execution_lease_until < $1)
                 AND EXISTS (SELECT 1 FROM payout_lines l
                              WHERE l.payout_run_id = r.payout_run_id AND l.status = 'pending')
               ORDER BY r.payout_run_id LIMIT 1
               FOR UPDATE SKIP LOCKED)
      RETURNING payout_run_id, balance_checked_at`,
    [now, lease],
  );
  if (claimed.length === 0) return { runId: null, sent: 0 };
  const runId = Number(claimed[0].payout_run_id);
  const report: ExecutionReport = { runId, sent: 0 };
  // Paystack did not answer: the lease is kept until it runs out, so the run is tried again a lease later
  // rather than at every tick.
  let backOff = false;
  ctx.logger.info({ runId }, 'payout run: executing');

  try {
    if (!claimed[0].balance_checked_at) {
      const balance = await checkBalance(ctx, client, runId, lease);
      if (balance !== 'enough') {
        report.stoppedBecause = 'balance';
        backOff = balance === 'unknown';
        return report;
      }
    }
    for (;;) {
      if (options.stopping?.()) {
        report.stoppedBecause = 'stopping';
        return report;
      }
      const { rows: lines } = await ctx.db.query<LineRow>(
        `SELECT payout_line_id, reference, (net * 100)::bigint AS net_kobo, bank_code, account_number_sealed,
                account_name, paystack_recipient_code
           FROM payout_lines WHERE payout_run_id = $1 AND status = 'pending'
          ORDER BY payout_line_id LIMIT $2`,
        [runId, PAYSTACK_BULK_CHUNK],
      );
      if (lines.length === 0) break;
      const recipients = await recipientsFor(ctx, client, lines);
      if (recipients === 'inconclusive') {
        report.stoppedBecause = 'recipient';
        backOff = true;
        return report;
      }
      const nextLease = leaseUntil(ctx, options.leaseSeconds);
      // The claim: pending → sending, committed before Paystack is called, in the transaction that proves this
      // gateway still holds the run (its lease unchanged) and renews the lease.
      const sending = await ctx.db.transaction(async (tx) => {
        const { rowCount: held } = await tx.query(
          `UPDATE payout_runs SET execution_lease_until = $3
            WHERE payout_run_id = $1 AND status = 'executing' AND execution_lease_until = $2`,
          [runId, lease, nextLease],
        );
        if (!held) return null;
        const ids = [...recipients.keys()];
        const { rows } = await tx.query<{ payout_line_id: string | number }>(
          `UPDATE payout_lines l SET status = 'sending', paystack_recipient_code = v.code, updated_at = $3
             FROM unnest($1::bigint[], $2::text[]) AS v(id, code)
            WHERE l.payout_line_id = v.id AND l.status = 'pending'
            RETURNING l.payout_line_id`,
          [ids, ids.map((id) => recipients.get(id)), ctx.now()],
        );
        return new Set(rows.map((row) => Number(row.payout_line_id)));
      });
      if (!sending) {
        report.stoppedBecause = 'lease lost';
        ctx.logger.warn({ runId }, 'payout run: another gateway took the run over');
        return report;
      }
      lease = nextLease;
      const items: BulkItem[] = lines
        .filter((line) => sending.has(Number(line.payout_line_id)))
        .map((line) => ({
          amountKobo: Number(line.net_kobo),
          recipient: recipients.get(Number(line.payout_line_id)) as string,
          reference: line.reference,
          reason: `Affiliate commission payout ${line.reference}`,
        }));
      if (items.length === 0) continue;
      await faultPoint('payout.sending');
      const result = await sendAndApply(ctx, client, items);
      report.sent += items.length;
      if (result !== 'answered') {
        report.stoppedBecause = result;
        backOff = true;
        return report;
      }
    }
    await ctx.db.transaction((tx) => settleRun(ctx, tx, runId));
    return report;
  } finally {
    // Released for the next pass (or another gateway) unless someone else holds it now.
    if (!backOff)
      await ctx.db
        .query(
          `UPDATE payout_runs SET execution_lease_until = NULL
          WHERE payout_run_id = $1 AND execution_lease_until = $2`,
          [runId, lease],
        )
        .catch((error: unknown) => ctx.logger.warn({ err: error, runId }, 'payout run lease not released'));
  }
}

/**
 * GET /balance against what the run's pending lines need (net plus the most Paystack charges per transfer).
 * Too little: the run goes back to 'approved' with the reason (provider_message), nothing sent. No answer: the
 * run stays executing with a note; the next pass asks again.
 */
async function checkBalance(
  ctx: AppContext,
  client: PaystackTransfersClient,
  runId: number,
  lease: Date,
): Promise<'enough' | 'too low' | 'unknown'> {
  const { rows } = await ctx.db.query<{ net_kobo: string | number }>(
    `SELECT (net * 100)::bigint AS net_kobo FROM payout_lines WHERE payout_run_id = $1 AND status = 'pending'`,
    [runId],
  );
  let net = 0n;
  let fees = 0n;
  for (const row of rows) {
    net += BigInt(row.net_kobo);
    fees += BigInt(transferFeeKobo(Number(row.net_kobo)));
  }
  const answer = await client.balance();
  if (answer.kind !== 'ok') {
    const reason = answer.kind === 'refused' ? answer.message : answer.reason;
    await recordPayoutProviderResult(ctx, reason);
    await ctx.db.query(
      `UPDATE payout_runs SET provider_message = $2, updated_at = $3
        WHERE payout_run_id = $1 AND status = 'executing'`,
      [runId, PayoutProviderMessages.balanceUnknown, ctx.now()],
    );
    return 'unknown';
  }
  await recordPayoutProviderResult(ctx, null);
  const balance = BigInt(Math.floor(answer.value.balanceKobo));
  const needed = net + fees;
  if (balance >= needed) {
    await ctx.db.query(
      `UPDATE payout_runs SET balance_checked_at = $2, provider_message = NULL, updated_at = $2
        WHERE payout_run_id = $1 AND status = 'executing'`,
      [runId, ctx.now()],
    );
    return 'enough';
  }
  const message = PayoutProviderMessages.balanceTooLow(balance, needed, fees);
  await ctx.db.transaction(async (tx) => {
    // Back to approved only while this gateway holds the run and nothing of it has left.
    const { rowCount } = await tx.query(
      `UPDATE payout_runs SET status = 'approved', provider_message = $3, execution_lease_until = NULL,
              updated_at = $4
        WHERE payout_run_id = $1 AND status = 'executing' AND execution_lease_until = $2
          AND balance_checked_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM payout_lines l WHERE l.payout_run_id = $1
                           AND l.status IN ('sending', 'processing', 'paid', 'failed', 'reversed'))`,
      [runId, lease, message, ctx.now()],
    );
    if (!rowCount) return;
    await recordAudit(tx, {
      actorUserId: null,
      action: 'payout.run.balance',
      entityType: 'payout_run',
      entityId: runId,
      fromStatus: 'executing',
      toStatus: 'approved',
      remark: message,
      at: ctx.now(),
    });
  });
  ctx.logger.warn(
    { runId, balanceKobo: String(balance), neededKobo: String(needed) },
    'payout run: balance too low',
  );
  return 'too low';
}

/**
 * Each line's recipient code: the line's own (set when it was claimed before), else the one kept for its account
 * (keyed hash of bank code and account number, as 045 keys resolutions), else created now (POST
 * /transferrecipient) and kept. An account Paystack refuses fails its line (nothing was sent); no answer stops
 * the pass (the lines stay pending).
 */
async function recipientsFor(
  ctx: AppContext,
  client: PaystackTransfersClient,
  lines: readonly LineRow[],
): Promise<Map<number, string> | 'inconclusive'> {
  const codes = new Map<number, string>();
  const keyed = lines
    .filter((line) => !line.paystack_recipient_code)
    .map((line) => {
      const accountNumber = open(ctx.config.dataKeyring, 'account_number', line.account_number_sealed);
      return {
        line,
        accountNumber,
        key: keyedHash(ctx, 'bank-account', `${line.bank_code}:${accountNumber}`),
      };
    });
  for (const line of lines) {
    if (line.paystack_recipient_code) codes.set(Number(line.payout_line_id), line.paystack_recipient_code);
  }
  const { rows: kept } = await ctx.db.query<{ account_key: string; recipient_code: string }>(
    `SELECT account_key, recipient_code FROM paystack_transfer_recipients WHERE account_key = ANY ($1::text[])`,
    [keyed.map((k) => k.key)],
  );
  const byKey = new Map(kept.map((row) => [row.account_key, row.recipient_code]));
  for (const { line, accountNumber, key } of keyed) {
    const lineId = Number(line.payout_line_id);
    let code = byKey.get(key);
    if (!code) {
      const answer = await client.createRecipient({
        name: line.account_name ?? 'Affiliate',
        accountNumber,
        bankCode: line.bank_code,
      });
      if (answer.kind === 'inconclusive') {
        await recordPayoutProviderResult(ctx, answer.reason);
        return 'inconclusive';
      }
      if (answer.kind === 'refused') {
        await ctx.db.transaction((tx) =>
          failLines(ctx, tx, [lineId], 'pending', PayoutProviderMessages.recipientRefused(answer.message)),
        );
        continue;
      }
      // Two gateways creating one account's recipient at once: the first kept wins, both use it.
      const { rows } = await ctx.db.query<{ recipient_code: string }>(
        `INSERT INTO paystack_transfer_recipients (account_key, recipient_code, created_at) VALUES ($1, $2, $3)
         ON CONFLICT (account_key) DO UPDATE SET recipient_code = paystack_transfer_recipients.recipient_code
         RETURNING recipient_code`,
        [key, answer.value.recipientCode, ctx.now()],
      );
      code = rows[0].recipient_code;
      byKey.set(key, code);
    }
    codes.set(lineId, code);
  }
  await recordPayoutProviderResult(ctx, null);
  return codes;
}

/**
 * POST /transfer/bulk for lines already 'sending', then each line by the answer. Refused (a plain 4xx: nothing
 * queued): the lines fail, their commission is available again, except when Paystack says the reference is
 * already used (then it has the transfer: left for the reconciler to verify). Inconclusive: left 'sending'.
 */
export async function sendAndApply(
  ctx: AppContext,
  client: PaystackTransfersClient,
  items: readonly BulkItem[],
): Promise<'answered' | 'inconclusive'> {
  const answer = await client.bulkTransfer(items);
  await faultPoint('payout.sent');
  if (answer.kind === 'inconclusive') {
    await recordPayoutProviderResult(ctx, answer.reason);
    return 'inconclusive';
  }
  await recordPayoutProviderResult(ctx, null);
  if (answer.kind === 'refused') {
    if (/duplicate|already/i.test(answer.message)) {
      ctx.logger.warn(
        { message: answer.message },
        'payout: Paystack already has a reference; left to verify',
      );
      return 'inconclusive';
    }
    const { rows } = await ctx.db.query<{ payout_line_id: string | number }>(
      `SELECT payout_line_id FROM payout_lines WHERE reference = ANY ($1::text[])`,
      [items.map((item) => item.reference)],
    );
    await ctx.db.transaction((tx) =>
      failLines(
        ctx,
        tx,
        rows.map((row) => Number(row.payout_line_id)),
        'sending',
        PayoutProviderMessages.transferRefused(answer.message),
      ),
    );
    return 'answered';
  }
  // One transaction for the chunk's answer. A reference not in the answer is not known either way: left
  // 'sending', the reconciler asks for it.
  const states = items
    .map((item) => answer.value.get(item.reference))
    .filter((state): state is TransferState => state !== undefined);
  await ctx.db.transaction(async (tx) => {
    for (const state of states) await applyTransferState(ctx, tx, state);
  });
  return 'answered';
}

/**
 * The reconciler: lines 'sending' or 'processing' with no news for `afterSeconds` are asked of Paystack by
 * reference (GET /transfer/verify/:reference). Found: the line takes its status. Not found and 'sending': the
 * request never reached Paystack, so it is sent again WITH THE SAME REFERENCE (Paystack's advice to avoid a
 * double credit). Each claimed line's updated_at moves to now (a lease: another gateway's reconciler skips it).
 */
export async function reconcileLines(
  ctx: AppContext,
  client: PaystackTransfersClient,
  options: { afterSeconds: number; limit?: number },
): Promise<{ verified: number; resent: number }> {
  const now = ctx.now();
  const { rows } = await ctx.db.query<{
    payout_line_id: string | number;
    status: string;
    reference: string;
    net_kobo: string | number;
    paystack_recipient_code: string | null;
  }>(
    `UPDATE payout_lines SET updated_at = $2
      WHERE payout_line_id IN (
              SELECT l.payout_line_id FROM payout_lines l
                JOIN payout_runs r ON r.payout_run_id = l.payout_run_id
               WHERE l.status IN ('sending', 'processing') AND l.updated_at < $1 AND r.provider = 'paystack'
               ORDER BY l.updated_at, l.payout_line_id LIMIT $3
               FOR UPDATE OF l SKIP LOCKED)
      RETURNING payout_line_id, status, reference, (net * 100)::bigint AS net_kobo, paystack_recipient_code`,
    [new Date(now.getTime() - options.afterSeconds * 1000), now, options.limit ?? PAYSTACK_BULK_CHUNK],
  );
  const resend: BulkItem[] = [];
  let verified = 0;
  for (const line of rows) {
    const answer = await client.verify(line.reference);
    if (answer.kind !== 'ok') {
      await recordPayoutProviderResult(ctx, answer.kind === 'refused' ? answer.message : answer.reason);
      continue;
    }
    verified += 1;
    const state = answer.value;
    if (state) {
      await ctx.db.transaction((tx) => applyTransferState(ctx, tx, state));
    } else if (line.status === 'sending' && line.paystack_recipient_code) {
      resend.push({
        amountKobo: Number(line.net_kobo),
        recipient: line.paystack_recipient_code,
        reference: line.reference,
        reason: `Affiliate commission payout ${line.reference}`,
      });
    } else {
      ctx.logger.warn(
        { reference: line.reference, status: line.status },
        'payout: Paystack has no such transfer',
      );
    }
  }
  if (resend.length > 0) {
    ctx.logger.info({ count: resend.length }, 'payout: sending again with the same references');
    await sendAndApply(ctx, client, resend);
  }
  // Runs whose last line was settled elsewhere (a webhook) complete there; this catches a run left executing.
  const { rows: runs } = await ctx.db.query<{ payout_run_id: string | number }>(
    `SELECT r.payout_run_id FROM payout_runs r
      WHERE r.status = 'executing' AND r.provider = 'paystack'
        AND NOT EXISTS (SELECT 1 FROM payout_lines l WHERE l.payout_run_id = r.payout_run_id
                         AND l.status IN ('pending', 'sending', 'processing'))`,
  );
  for (const run of runs) {
    await ctx.db.transaction((tx) => settleRun(ctx, tx, Number(run.payout_run_id)));
  }
  return { verified, resent: resend.length };
}
