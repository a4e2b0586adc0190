import {
  AffiliateMessages,
  BANK_NAME_MATCH_THRESHOLD,
  BankAccountVerificationMessages as M,
  type BankAccountVerificationResponse,
  type BankAccountVerificationState,
  type BankVerificationMethod,
} from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { PAYSTACK } from '../../lib/paystack-client';
import { openAccountNumber } from '../../lib/sealed-numbers';
import { recordAudit } from '../audit';
import { nameMatchScore } from './name-match';
import { accountResolutionKey } from './resolve-account-name';

/**
 * The bank-file programme's account verification (issue 48; docs/bank-file-verification.md): a staff user's
 * name enquiry, confirmed by a second one below the threshold, and a paid bank-file line. Each writes a row of
 * bank_account_verifications and an audit row on the affiliate (its history), in one transaction with the
 * affiliate's row locked, so an account changed meanwhile (migration 079's trigger) is never verified.
 */

interface AffiliateAccountRow {
  full_name: string;
  bank_id: string;
  bank_name: string | null;
  account_number: string | null;
  account_number_sealed: string | null;
  bank_resolved_at: Date | null;
}

/** The affiliate's row locked, with its account in clear and the account's key ('' when it has none). */
export async function lockAffiliateAccount(ctx: AppContext, tx: Sql, affiliateId: number) {
  const { rows } = await tx.query<AffiliateAccountRow>(
    `SELECT a.full_name, a.bank_id::text, b.bank_name, a.account_number, a.account_number_sealed,
            a.bank_resolved_at
       FROM affiliates a LEFT JOIN banks b ON b.bank_id = a.bank_id
      WHERE a.affiliate_id = $1 FOR UPDATE OF a`,
    [affiliateId],
  );
  const row = rows[0];
  if (!row) throw notFound(AffiliateMessages.notFound);
  const number = openAccountNumber(ctx.config.dataKeyring, row);
  const key = number ? ((await accountResolutionKey(ctx, tx, Number(row.bank_id), number)) ?? '') : '';
  return { row, number, key };
}

interface Verified {
  method: Exclude<BankVerificationMethod, typeof PAYSTACK>;
  verificationId: number;
  accountName: string;
  score: number;
  reference: string;
  by: number | null;
  at: Date;
}

/** Puts a verification in force on the affiliate's row (the columns payout runs read) and supersedes a waiting one. */
export async function putInForce(tx: Sql, affiliateId: number, verified: Verified): Promise<void> {
  await tx.query(
    `UPDATE affiliates
        SET bank_account_name = $2, bank_name_match_score = $3, bank_resolution_ref = $4, bank_resolved_at = $5,
            bank_verified_via = $6, bank_verified_by = $7
      WHERE affiliate_id = $1`,
    [
      affiliateId,
      verified.accountName,
      verified.score,
      verified.reference,
      verified.at,
      verified.method,
      verified.by,
    ],
  );
  await tx.query(
    `UPDATE bank_account_verifications SET status = 'superseded'
      WHERE affiliate_id = $1 AND status = 'awaiting-second' AND verification_id <> $2`,
    [affiliateId, verified.verificationId],
  );
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/** A staff user records the name the bank's name enquiry gave; verified at once at or above the threshold. */
export async function enquireBankName(
  ctx: AppContext,
  session: SessionUser,
  affiliateId: number,
  body: { accountName: string },
): Promise<BankAccountVerificationResponse> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const { row, key } = await lockAffiliateAccount(ctx, tx, affiliateId);
      if (!key) throw conflict(M.noAccount);
      if (row.bank_resolved_at) throw conflict(M.alreadyVerified);
      const { rows: waiting } = await tx.query(
        `SELECT 1 FROM bank_account_verifications WHERE affiliate_id = $1 AND status = 'awaiting-second'`,
        [affiliateId],
      );
      if (waiting.length) throw conflict(M.alreadyWaiting);
      const now = ctx.now();
      const score = nameMatchScore(row.full_name, body.accountName);
      const enough = score >= BANK_NAME_MATCH_THRESHOLD;
      const { rows } = await tx.query<{ verification_id: string }>(
        `INSERT INTO bank_account_verifications (affiliate_id, method, account_key, account_name, name_match_score,
                                                 status, entered_by, entered_at)
         VALUES ($1, 'name-enquiry', $2, $3, $4, $5, $6, $7) RETURNING verification_id::text`,
        [
          affiliateId,
          key,
          body.accountName,
          score,
          enough ? 'verified' : 'awaiting-second',
          session.userId,
          now,
        ],
      );
      const verificationId = Number(rows[0].verification_id);
      if (enough) {
        await putInForce(tx, affiliateId, {
          method: 'name-enquiry',
          verificationId,
          accountName: body.accountName,
          score,
          reference: `name-enquiry-${verificationId}`,
          by: session.userId,
          at: now,
        });
      }
      await recordAudit(tx, {
        actorUserId: session.userId,
        action: enough ? 'affiliate.bank.verify' : 'affiliate.bank.enquiry',
        entityType: 'affiliate',
        entityId: affiliateId,
        remark: `Name enquiry: ${body.accountName} (name match ${score})`,
        details: {
          method: 'name-enquiry',
          verificationId,
          accountName: body.accountName,
          nameMatchScore: score,
        },
        at: now,
      });
      return {
        message: enough ? M.verified : M.waitingForSecond(score),
        state: await verificationState(ctx, tx, session, affiliateId),
      };
    });
  } catch (error) {
    // Two enquiries at once: the second finds the first waiting (one waiting per affiliate, by the index).
    if (isUniqueViolation(error)) throw conflict(M.alreadyWaiting);
    throw error;
  }
}

/** Another staff user confirms (verified) or declines a waiting name enquiry; one conditional UPDATE. */
export async function confirmBankNameEnquiry(
  ctx: AppContext,
  session: SessionUser,
  affiliateId: number,
  verificationId: number,
  body: { confirm: boolean },
): Promise<BankAccountVerificationResponse> {
  return ctx.db.transaction(async (tx) => {
    await lockAffiliateAccount(ctx, tx, affiliateId);
    const { rows: found } = await tx.query<{ entered_by: string }>(
      `SELECT entered_by::text FROM bank_account_verifications
        WHERE verification_id = $1 AND affiliate_id = $2 AND method = 'name-enquiry'`,
      [verificationId, affiliateId],
    );
    if (!found[0]) throw notFound(M.notFound);
    if (Number(found[0].entered_by) === session.userId) throw forbidden(M.ownEnquiry);
    const now = ctx.now();
    const { rows } = await tx.query<{ account_name: string; name_match_score: number }>(
      `UPDATE bank_account_verifications SET status = $3, confirmed_by = $4, confirmed_at = $5
        WHERE verification_id = $1 AND affiliate_id = $2 AND status = 'awaiting-second' AND entered_by <> $4
        RETURNING account_name, name_match_score`,
      [verificationId, affiliateId, body.confirm ? 'verified' : 'declined', session.userId, now],
    );
    if (!rows[0]) throw conflict(M.notWaiting);
    const score = Number(rows[0].name_match_score);
    if (body.confirm) {
      await putInForce(tx, affiliateId, {
        method: 'name-enquiry',
        verificationId,
        accountName: rows[0].account_name,
        score,
        reference: `name-enquiry-${verificationId}`,
        by: Number(found[0].entered_by),
        at: now,
      });
    }
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: body.confirm ? 'affiliate.bank.verify' : 'affiliate.bank.decline',
      entityType: 'affiliate',
      entityId: affiliateId,
      remark: `Name enquiry: ${rows[0].account_name} (name match ${score}) ${body.confirm ? 'confirmed' : 'declined'} by a second person`,
      details: { method: 'name-enquiry', verificationId, confirmed: body.confirm, nameMatchScore: score },
      at: now,
    });
    return {
      message: body.confirm ? M.verified : M.declined,
      state: await verificationState(ctx, tx, session, affiliateId),
    };
  });
}

/** What the modal shows: the verification in force and a name enquiry waiting for its second person. */
export async function verificationState(
  ctx: AppContext,
  sql: Sql,
  session: SessionUser,
  affiliateId: number,
): Promise<BankAccountVerificationState> {
  const { rows } = await sql.query<{
    full_name: string;
    bank_name: string | null;
    account_number: string | null;
    account_number_sealed: string | null;
    bank_account_name: string | null;
    bank_name_match_score: number | null;
    bank_resolved_at: Date | null;
    bank_verified_via: BankVerificationMethod | null;
    verified_by: string | null;
    confirmed_by: string | null;
  }>(
    `SELECT a.full_name, b.bank_name, a.account_number, a.account_number_sealed, a.bank_account_name,
            a.bank_name_match_score, a.bank_resolved_at, a.bank_verified_via, vu.full_name AS verified_by,
            (SELECT cu.full_name FROM bank_account_verifications v JOIN users cu ON cu.user_id = v.confirmed_by
              WHERE v.affiliate_id = a.affiliate_id AND v.status = 'verified'
                AND a.bank_resolution_ref = 'name-enquiry-' || v.verification_id) AS confirmed_by
       FROM affiliates a
       LEFT JOIN banks b ON b.bank_id = a.bank_id
       LEFT JOIN users vu ON vu.user_id = a.bank_verified_by
      WHERE a.affiliate_id = $1`,
    [affiliateId],
  );
  const row = rows[0];
  if (!row) throw notFound(AffiliateMessages.notFound);
  const { rows: waiting } = await sql.query<{
    verification_id: string;
    account_name: string;
    name_match_score: number;
    entered_by: string;
    entered_by_name: string | null;
    entered_at: Date;
  }>(
    `SELECT v.verification_id::text, v.account_name, v.name_match_score, v.entered_by::text,
            u.full_name AS entered_by_name, v.entered_at
       FROM bank_account_verifications v LEFT JOIN users u ON u.user_id = v.entered_by
      WHERE v.affiliate_id = $1 AND v.status = 'awaiting-second'`,
    [affiliateId],
  );
  const number = openAccountNumber(ctx.config.dataKeyring, row);
  const score = Number(row.bank_name_match_score ?? 0);
  return {
    registeredName: row.full_name,
    account: row.bank_name && /^\d{4,}$/.test(number) ? `${row.bank_name} ****${number.slice(-4)}` : null,
    verified:
      row.bank_resolved_at && row.bank_account_name
        ? {
            method: row.bank_verified_via ?? PAYSTACK,
            accountName: row.bank_account_name,
            nameMatchScore: score,
            belowThreshold: score < BANK_NAME_MATCH_THRESHOLD,
            verifiedBy: row.verified_by,
            confirmedBy: row.confirmed_by,
            verifiedOn: new Date(row.bank_resolved_at).toISOString(),
          }
        : null,
    waiting: waiting[0]
      ? {
          verificationID: Number(waiting[0].verification_id),
          accountName: waiting[0].account_name,
          nameMatchScore: Number(waiting[0].name_match_score),
          enteredBy: waiting[0].entered_by_name,
          enteredOn: new Date(waiting[0].entered_at).toISOString(),
          enteredByMe: Number(waiting[0].entered_by) === session.userId,
        }
      : null,
  };
}
