import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { open } from '../../lib/field-crypto';
import { recordAudit } from '../audit';
import { lockAffiliateAccount, putInForce } from './account-verification';
import { nameMatchScore } from './name-match';

/**
 * A bank-file line the bank reports paid verifies the account it paid (issue 48): the bank accepted the
 * transfer to that number under the name on its file. Only while the affiliate still has that account (same
 * bank code and number as the line's copy) and is not verified already; audited on the affiliate with who
 * recorded the result. Answers whether it verified the account. In the caller's transaction.
 */
export async function verifyAccountByPaidLine(
  ctx: AppContext,
  tx: Sql,
  lineId: number,
  actorUserId: number,
  now: Date,
): Promise<boolean> {
  const { rows: lines } = await tx.query<{
    affiliate_id: string;
    payout_run_id: string;
    reference: string;
    bank_code: string | null;
    account_number_sealed: string | null;
    account_name: string | null;
  }>(
    `SELECT affiliate_id::text, payout_run_id::text, reference, bank_code, account_number_sealed, account_name
       FROM payout_lines WHERE payout_line_id = $1 AND status = 'paid'`,
    [lineId],
  );
  const line = lines[0];
  if (!line?.account_number_sealed || !line.bank_code) return false;
  const affiliateId = Number(line.affiliate_id);
  const { row, number, key } = await lockAffiliateAccount(ctx, tx, affiliateId);
  if (row.bank_resolved_at || !key) return false;
  const { rows: bank } = await tx.query<{ cbn_code: string }>(
    'SELECT cbn_code FROM banks WHERE bank_id = $1',
    [row.bank_id],
  );
  const paidNumber = open(ctx.config.dataKeyring, 'account_number', line.account_number_sealed);
  if (bank[0]?.cbn_code !== line.bank_code || paidNumber !== number) return false;
  const accountName = line.account_name ?? row.full_name;
  const score = nameMatchScore(row.full_name, accountName);
  const { rows } = await tx.query<{ verification_id: string }>(
    `INSERT INTO bank_account_verifications (affiliate_id, method, account_key, account_name, name_match_score,
                                             status, entered_by, entered_at, payout_line_id)
     VALUES ($1, 'paid-line', $2, $3, $4, 'verified', $5, $6, $7) RETURNING verification_id::text`,
    [affiliateId, key, accountName, score, actorUserId, now, lineId],
  );
  const verificationId = Number(rows[0].verification_id);
  await putInForce(tx, affiliateId, {
    method: 'paid-line',
    verificationId,
    accountName,
    score,
    reference: line.reference,
    by: actorUserId,
    at: now,
  });
  await recordAudit(tx, {
    actorUserId,
    action: 'affiliate.bank.verify',
    entityType: 'affiliate',
    entityId: affiliateId,
    remark: `Paid by the bank: payout line ${line.reference} of run #${line.payout_run_id}`,
    details: {
      method: 'paid-line',
      verificationId,
      reference: line.reference,
      runId: Number(line.payout_run_id),
    },
    at: now,
  });
  return true;
}
