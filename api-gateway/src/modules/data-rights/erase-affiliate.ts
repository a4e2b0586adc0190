import type { EraseAffiliateResponse } from '@portal/contracts';
import { AffiliateStatus, DataRightsMessages, erasedAffiliateName } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { conflict, notFound } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { seal } from '../../lib/field-crypto';
import { SEALED_NUMBER_COLUMNS, type SealedNumberRow, openNumbers } from '../../lib/sealed-numbers';
import { FileStore } from '../../storage/file-store';
import { recordAudit } from '../audit';
import { accountResolutionKey } from '../bank-verification';
import { revokeSessions } from '../users';
import { refuseWhileOwed } from './money-owed';

interface ErasedRow extends SealedNumberRow {
  affiliate_id: string | number;
  affiliate_code: string;
  user_id: string | number;
  full_name: string;
  email: string;
  phone_code: string;
  mobile_number: string;
  bank_id: number;
  bank_account_name: string | null;
  selfie_image_path: string | null;
  status: AffiliateStatus;
  erased_at: Date | null;
  user_full_name: string;
  user_email: string;
  user_phone_code: string | null;
  user_mobile_number: string | null;
}

/** The pseudonymous email an erased affiliate keeps (unique per affiliate, never deliverable: RFC 2606 .invalid). */
export const erasedEmail = (affiliateCode: string) => `erased-${affiliateCode.toLowerCase()}@erased.invalid`;
/** What a message, remark or address quoting the affiliate keeps in place of the number, contact or address. */
export const ERASED = '[erased]';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const digitsOf = (text: string | null) => (text ?? '').replace(/\D/g, '');

/**
 * `POST admin/affiliate/erase/{id}` (issue 29, NDPA erasure): in one transaction, with the affiliate and its
 * user locked, every personal field is replaced by the pseudonym or removed, and `affiliate.erase` is audited.
 * The affiliate row itself stays (status Inactive for good, erased_at set): orders, commission entries and payout
 * lines point at it by id and show it by its code, so dashboards' totals and monthly summaries do not move.
 * Selfie and export bytes are deleted after the commit (rows first, then bytes, as the selfie sweep does).
 */
export async function eraseAffiliate(
  ctx: AppContext,
  actor: SessionUser,
  affiliateId: number,
  settledOtherwise?: string,
): Promise<EraseAffiliateResponse> {
  const { response, storageKeys } = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<ErasedRow>(
      `SELECT a.affiliate_id, a.affiliate_code, a.user_id, a.full_name, a.email, a.phone_code, a.mobile_number,
              ${SEALED_NUMBER_COLUMNS}, a.bank_id, a.bank_account_name, a.selfie_image_path, a.status, a.erased_at,
              u.full_name AS user_full_name, u.email AS user_email, u.phone_code AS user_phone_code,
              u.mobile_number AS user_mobile_number
         FROM affiliates a JOIN users u ON u.user_id = a.user_id
        WHERE a.affiliate_id = $1
        FOR UPDATE OF a, u`,
      [affiliateId],
    );
    const row = rows[0];
    if (!row) throw notFound(DataRightsMessages.notFound);
    if (row.erased_at !== null) throw conflict(DataRightsMessages.alreadyErased);
    if (row.status !== AffiliateStatus.Inactive) throw conflict(DataRightsMessages.notInactive);

    // Money in flight (a line in a run, or being sent) pays the account it holds: erasure waits until it settles.
    const { rows: inFlight } = await tx.query(
      `SELECT 1 FROM payout_lines
        WHERE affiliate_id = $1
          AND (status IN ('sending', 'processing') OR (status = 'pending' AND payout_run_id IS NOT NULL))
        LIMIT 1`,
      [row.affiliate_id],
    );
    if (inFlight.length) throw conflict(DataRightsMessages.payoutInFlight);

    const now = ctx.now();
    await refuseWhileOwed(tx, actor, Number(row.affiliate_id), settledOtherwise, now);
    // Its own request, if it made one, is done; the note may quote it.
    await tx.query(
      'UPDATE erasure_requests SET closed_at = $2, note = NULL WHERE affiliate_id = $1 AND closed_at IS NULL',
      [row.affiliate_id, now],
    );
    const userId = Number(row.user_id);
    const code = row.affiliate_code;
    const pseudonym = erasedAffiliateName(code);
    const email = erasedEmail(code);
    const numbers = openNumbers(ctx.config.dataKeyring, row);
    const emails = unique([row.email, row.user_email].map((value) => value.toLowerCase()));
    const phones = unique(
      [
        `${row.phone_code}${row.mobile_number}`,
        row.mobile_number,
        `${row.user_phone_code ?? ''}${row.user_mobile_number ?? ''}`,
        row.user_mobile_number ?? '',
      ].map(digitsOf),
    ).filter((digits) => digits.length >= 6);
    // Texts elsewhere that quote the affiliate: its names become the pseudonym, the rest '[erased]'.
    const names = unique([row.full_name, row.user_full_name, row.bank_account_name ?? ''])
      .map((name) => name.trim())
      .filter((name) => name.length >= 3);
    const others = unique([
      ...emails,
      ...phones,
      ...[row.mobile_number, row.user_mobile_number ?? ''].filter((m) => m.length >= 6),
      numbers.ninOrBVN,
      numbers.accountNumber,
    ]).filter((value) => value.length >= 6);
    // A name is replaced only as a whole word: 'Ada Obi' must not eat into 'Adaeze' or a JSON key.
    const nameAlternation = alternation(names);
    const nameRegex = nameAlternation && `(^|[^[:alnum:]])(${nameAlternation})([^[:alnum:]]|$)`;
    const otherRegex = alternation(others);

    // The account name cache row for its bank account (keyed by a hash of bank code and number).
    if (numbers.accountNumber) {
      const key = await accountResolutionKey(ctx, tx, row.bank_id, numbers.accountNumber);
      if (key) await tx.query('DELETE FROM bank_account_resolutions WHERE account_key = $1', [key]);
    }

    // Files: the selfie (and any superseded selfie of its registrations) and its exports (a My data workbook).
    const { rows: registrations } = await tx.query<{ registration_id: string }>(
      `SELECT registration_id FROM registrations
        WHERE lower(email) = ANY($1::text[])
           OR registration_id IN (SELECT registration_id FROM stored_files
                                   WHERE registration_id IS NOT NULL AND (owner_user_id = $2 OR storage_key = $3))`,
      [emails, userId, row.selfie_image_path],
    );
    const registrationIds = registrations.map((r) => r.registration_id);
    const { rows: files } = await tx.query<{ file_id: string; storage_key: string }>(
      `SELECT file_id, storage_key FROM stored_files
        WHERE owner_user_id = $1 OR storage_key = $2
           OR (purpose = 'selfie' AND registration_id = ANY($3::uuid[]))
        FOR UPDATE`,
      [userId, row.selfie_image_path, registrationIds],
    );
    const fileIds = files.map((f) => f.file_id);
    const storageKeys = files.map((f) => f.storage_key);
    await tx.query('DELETE FROM download_tokens WHERE file_id = ANY($1::uuid[])', [fileIds]);
    await tx.query('DELETE FROM stored_files WHERE file_id = ANY($1::uuid[])', [fileIds]);
    // Bytes kept in the database (PostgreSQL) go with the transaction; on disk they go after the commit.
    await tx.query('DELETE FROM stored_file_chunks WHERE storage_key = ANY($1::text[])', [storageKeys]);

    // The affiliate row: pseudonym, no contacts, no numbers, no selfie, no resolved account name.
    await tx.query(
      `UPDATE affiliates
          SET full_name = $2, email = $3, phone_code = '', mobile_number = '',
              nin_or_bvn = NULL, nin_or_bvn_sealed = NULL, nin_or_bvn_hash = NULL,
              account_number = NULL, account_number_sealed = NULL, account_number_hash = NULL,
              selfie_image_path = NULL, bank_account_name = NULL, bank_name_match_score = NULL,
              bank_resolution_ref = NULL, bank_resolved_at = NULL, erased_at = $4, updated_date = $4
        WHERE affiliate_id = $1`,
      [row.affiliate_id, pseudonym, email, now],
    );
    // Payout lines (migration 061) keep their amounts, reference, bank and status (the money paid stays on
    // record), not the account they paid: name, last four digits and recipient code go; the sealed number, which
    // a paid line must keep (payout_lines_payable), becomes a sealed empty value.
    await tx.query(
      `UPDATE payout_lines
          SET account_name = NULL, account_last4 = NULL, paystack_recipient_code = NULL,
              account_number_sealed = CASE WHEN account_number_sealed IS NULL THEN NULL ELSE $2 END
        WHERE affiliate_id = $1`,
      [row.affiliate_id, seal(ctx.config.dataKeyring, 'account_number', '')],
    );
    // The user can no longer sign in: no password, inactive, every session ended.
    await tx.query(
      `UPDATE users SET full_name = $2, email = $3, phone_code = NULL, mobile_number = NULL, password_hash = NULL,
              is_active = false, force_password_update = false, updated_on = $4
        WHERE user_id = $1`,
      [userId, pseudonym, email, now],
    );
    await tx.query('DELETE FROM temporary_passwords WHERE user_id = $1', [userId]);
    await revokeSessions(tx, userId, now);
    await tx.query('UPDATE sessions SET ip = NULL, user_agent = NULL WHERE user_id = $1', [userId]);
    // Duplicate-identity flags compared numbers it no longer has.
    await tx.query('DELETE FROM affiliate_flags WHERE affiliate_id = $1 OR other_affiliate_id = $1', [
      row.affiliate_id,
    ]);
    // Issue 50: the authority's names and date of birth for this person.
    await tx.query('DELETE FROM identity_checks WHERE affiliate_id = $1', [row.affiliate_id]);

    // Sign-in history: the rows stay (counts, the login report), without addresses, agents or places.
    await tx.query(
      `UPDATE login_history SET user_name = $2, ip = NULL, user_agent = NULL, latitude = NULL, longitude = NULL
        WHERE user_id = $1 OR lower(user_name) = ANY($3::text[])`,
      [userId, email, emails],
    );
    await tx.query(
      'UPDATE password_reset_requests SET email_key = $2, ip = NULL WHERE email_key = ANY($1::text[])',
      [emails, email],
    );

    // Registration rows, their OTP challenges and sends, selfie upload counts.
    await tx.query(
      `UPDATE registrations SET email = $2, mobile_number = NULL, ip = NULL, selfie_file_id = NULL
        WHERE registration_id = ANY($1::uuid[])`,
      [registrationIds, email],
    );
    await tx.query(
      `UPDATE otp_challenges SET destination = $2, ip = NULL WHERE registration_id = ANY($1::uuid[])`,
      [registrationIds, ERASED],
    );
    await tx.query(
      `UPDATE otp_sends SET email = $3, destination = $4, ip = NULL
        WHERE lower(email) = ANY($1::text[]) OR lower(destination) = ANY($1::text[])
           OR regexp_replace(destination, '\\D', '', 'g') = ANY($2::text[])`,
      [emails, phones, email, ERASED],
    );
    await tx.query('DELETE FROM selfie_uploads WHERE registration_id = ANY($1::uuid[])', [registrationIds]);

    // Messages to it: recipient and body gone (an OTP's code with them); the rows stay for delivery counts.
    await tx.query(
      `UPDATE outbox SET recipient = CASE WHEN channel = 'email' THEN $3 ELSE $4 END, subject = NULL, body = $4,
              otp_code = NULL, user_error = NULL, last_error = NULL
        WHERE lower(recipient) = ANY($1::text[])
           OR (channel <> 'email' AND regexp_replace(recipient, '\\D', '', 'g') = ANY($2::text[]))`,
      [emails, phones, email, ERASED],
    );

    // Texts elsewhere that quote it: KYC remarks, audit remarks and details, other messages' bodies.
    await scrubText(tx, 'affiliates', 'remark', nameRegex, pseudonym, otherRegex);
    await scrubText(tx, 'audit_log', 'remark', nameRegex, pseudonym, otherRegex);
    await scrubJson(tx, 'audit_log', 'details', nameRegex, pseudonym, otherRegex);
    for (const column of ['subject', 'body', 'last_error', 'user_error'])
      await scrubText(tx, 'outbox', column, nameRegex, pseudonym, otherRegex);
    // Rate-limit buckets named by an email or a number.
    if (otherRegex) await tx.query('DELETE FROM call_buckets WHERE subject ~* $1', [otherRegex]);

    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'affiliate.erase',
      entityType: 'affiliate',
      entityId: Number(row.affiliate_id),
      fromStatus: row.status,
      toStatus: AffiliateStatus.Inactive,
      details: { files: storageKeys.length, registrations: registrationIds.length },
      at: now,
    });
    return {
      response: {
        message: DataRightsMessages.erased,
        affiliateID: Number(row.affiliate_id),
        affiliateCode: code,
      },
      storageKeys,
    };
  });
  const store = new FileStore(ctx);
  for (const key of storageKeys) {
    await store
      .removeBytes(key)
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'erased file bytes not deleted'));
  }
  return response;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values.filter((value) => value.length > 0))];
}

/** A case-insensitive regular expression matching any of the values, longest first; undefined for none. */
function alternation(values: readonly string[]): string | undefined {
  if (!values.length) return undefined;
  return [...values]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegex)
    .join('|');
}

/** The replacement for a whole-word match of the name regex: the characters around the name are kept. */
const wordReplacement = (pseudonym: string) => `\\1${pseudonym.replace(/[\\&]/g, '')}\\3`;

async function scrubText(
  sql: Sql,
  table: string,
  column: string,
  nameRegex: string | undefined,
  pseudonym: string,
  otherRegex: string | undefined,
): Promise<void> {
  if (nameRegex)
    await sql.query(
      `UPDATE ${table} SET ${column} = regexp_replace(${column}, $1, $2, 'gi') WHERE ${column} ~* $1`,
      [nameRegex, wordReplacement(pseudonym)],
    );
  if (otherRegex)
    await sql.query(
      `UPDATE ${table} SET ${column} = regexp_replace(${column}, $1, $2, 'gi') WHERE ${column} ~* $1`,
      [otherRegex, ERASED],
    );
}

/** The same in a jsonb column: replaced in its text (the replacements need no JSON escaping). */
async function scrubJson(
  sql: Sql,
  table: string,
  column: string,
  nameRegex: string | undefined,
  pseudonym: string,
  otherRegex: string | undefined,
): Promise<void> {
  for (const [regex, replacement] of [
    [nameRegex, wordReplacement(pseudonym)],
    [otherRegex, ERASED],
  ] as const) {
    if (!regex) continue;
    await sql.query(
      `UPDATE ${table} SET ${column} = regexp_replace(${column}::text, $1, $2, 'gi')::jsonb
        WHERE ${column}::text ~* $1`,
      [regex, replacement],
    );
  }
}
