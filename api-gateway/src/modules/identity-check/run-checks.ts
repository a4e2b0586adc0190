import { BANK_NAME_MATCH_THRESHOLD } from '@portal/contracts';
import type { AppContext } from '../../context';
import { openNumbers, SEALED_NUMBER_COLUMNS, type SealedNumberRow } from '../../lib/sealed-numbers';
import { identityChecks } from '../../metrics/gateway-metrics';
import { FileStore } from '../../storage/file-store';
import { canonicalTokens, nameMatchScore } from '../bank-verification';
import { logIdentityChecker } from './log-provider';
import type { AuthorityAnswer, IdentityAnswer, IdentityChecker } from './provider';
import { smileIdChecker } from './smile-id';

const checkers = new WeakMap<AppContext, IdentityChecker | undefined>();

/** The app's identity provider, made once per app; undefined with IDENTITY_PROVIDER=none. */
export function identityCheckerOf(ctx: AppContext): IdentityChecker | undefined {
  if (!checkers.has(ctx)) {
    const settings = ctx.config.identityCheck;
    checkers.set(
      ctx,
      settings.provider === 'smile_id'
        ? smileIdChecker({ ...settings }, ctx.logger)
        : settings.provider === 'log'
          ? logIdentityChecker(settings.product, ctx.logger)
          : undefined,
    );
  }
  return checkers.get(ctx);
}

/** Tests swap the provider (a fake that hangs, a hostile one) without a new app. */
export function useIdentityChecker(ctx: AppContext, checker: IdentityChecker | undefined): void {
  checkers.set(ctx, checker);
}

const MAX_BACKOFF_SECONDS = 3600;
/** A submitted Biometric KYC job is asked about again after this long, doubling while it stays unfinished. */
const POLL_AGAIN_SECONDS = 15;

/** The wait before attempt n + 1 after n failed ones: retrySeconds, doubling, at most an hour. */
export const backoffSeconds = (retrySeconds: number, attempts: number) =>
  Math.min(MAX_BACKOFF_SECONDS, retrySeconds * 2 ** Math.min(Math.max(attempts - 1, 0), 20));

interface LeasedCheck {
  affiliate_id: string | number;
  attempts: number;
  requested_at: Date;
  partner_job_id: string;
  provider_job_id: string | null;
}

/**
 * Takes up to `limit` due checks for this gateway: one UPDATE over rows picked FOR UPDATE SKIP LOCKED, so two
 * gateways' workers never take the same check; each is held (leased_until) for the length of its calls, then
 * free for another gateway if this one died. Only cases still in the queue are checked. A check not yet with
 * the provider gets a fresh job id of ours (Smile ID refuses a job id twice); a submitted one keeps its own.
 */
async function leaseDueChecks(ctx: AppContext, limit: number): Promise<LeasedCheck[]> {
  const now = ctx.now();
  const leaseMs = ctx.config.identityCheck.timeoutMs * 4 + 30_000;
  const { rows } = await ctx.db.query<LeasedCheck>(
    `UPDATE identity_checks i
        SET leased_until = $2, attempts = i.attempts + 1,
            partner_job_id = CASE WHEN i.provider_job_id IS NULL
                                  THEN 'kyc-' || i.affiliate_id || '-' || floor(extract(epoch FROM i.requested_at))::bigint
                                       || '-' || (i.attempts + 1)
                                  ELSE i.partner_job_id END
      WHERE i.affiliate_id IN (
              SELECT d.affiliate_id FROM identity_checks d JOIN kyc_cases c ON c.affiliate_id = d.affiliate_id
               WHERE d.state <> 'answered' AND d.next_attempt_at <= $1
                 AND (d.leased_until IS NULL OR d.leased_until <= $1)
               ORDER BY d.next_attempt_at, d.affiliate_id
               LIMIT $3
               FOR UPDATE OF d SKIP LOCKED)
      RETURNING i.affiliate_id, i.attempts, i.requested_at, i.partner_job_id, i.provider_job_id`,
    [now, new Date(now.getTime() + leaseMs), limit],
  );
  return rows;
}

interface CaseDetails extends SealedNumberRow {
  full_name: string;
  identity_type: 'BVN' | 'NIN';
  selfie_image_path: string | null;
}

/** Whether the authority's name is among the registered names (each of its tokens is one of ours). */
function nameIsRegistered(registered: string[], authorityName: string | null): boolean {
  if (!authorityName) return false;
  const tokens = canonicalTokens(authorityName);
  return tokens.length > 0 && tokens.every((token) => registered.includes(token));
}

/** Writes only while this attempt still holds the check (no re-KYC reset it, no other gateway took it over). */
const HELD = 'affiliate_id = $1 AND attempts = $2 AND requested_at = $3';

async function storeAnswer(
  ctx: AppContext,
  lease: LeasedCheck,
  details: CaseDetails,
  answer: AuthorityAnswer,
  provider: string,
) {
  const authorityName = [answer.firstName, answer.otherNames, answer.lastName].filter(Boolean).join(' ');
  const score = authorityName ? nameMatchScore(details.full_name, authorityName) : 0;
  const registered = canonicalTokens(details.full_name);
  await ctx.db.query(
    `UPDATE identity_checks
        SET state = 'answered', leased_until = NULL, provider = $4, product = $5, provider_job_id = $6,
            id_status = $7, authority_first_name = $8, authority_last_name = $9, authority_other_names = $10,
            authority_dob = $11::date, face_match = $12, name_match_score = $13, first_name_match = $14,
            last_name_match = $15, result_code = $16, result_text = $17, checked_at = $18
      WHERE ${HELD}`,
    [
      lease.affiliate_id,
      lease.attempts,
      lease.requested_at,
      provider,
      ctx.config.identityCheck.product,
      answer.providerJobId.slice(0, 80),
      answer.idStatus,
      answer.firstName,
      answer.lastName,
      answer.otherNames,
      answer.dateOfBirth,
      answer.faceMatch,
      score,
      nameIsRegistered(registered, answer.firstName),
      nameIsRegistered(registered, answer.lastName),
      answer.resultCode,
      answer.resultText,
      ctx.now(),
    ],
  );
  const passed =
    answer.idStatus === 'verified' && answer.faceMatch !== 'failed' && score >= BANK_NAME_MATCH_THRESHOLD;
  identityChecks.inc({ provider, outcome: passed ? 'match' : 'mismatch' });
}

async function runOne(ctx: AppContext, checker: IdentityChecker, lease: LeasedCheck): Promise<void> {
  const { rows } = await ctx.db.query<CaseDetails>(
    `SELECT a.full_name, a.identity_type, a.selfie_image_path, ${SEALED_NUMBER_COLUMNS}
       FROM affiliates a WHERE a.affiliate_id = $1`,
    [lease.affiliate_id],
  );
  const details = rows[0];
  let answer: IdentityAnswer;
  if (!details) {
    answer = { outcome: 'failed', reason: 'the affiliate is gone' };
  } else {
    const names = details.full_name.trim().split(/\s+/);
    const product = ctx.config.identityCheck.product;
    const selfie =
      product === 'biometric_kyc' && details.selfie_image_path
        ? await new FileStore(ctx).read(details.selfie_image_path.replace(/^\/+/, ''))
        : undefined;
    answer = await checker.check(
      {
        partnerJobId: lease.partner_job_id,
        userId: `affiliate-${lease.affiliate_id}`,
        idType: details.identity_type,
        idNumber: openNumbers(ctx.config.dataKeyring, details).ninOrBVN,
        firstName: names[0] ?? '',
        lastName: names.length > 1 ? names[names.length - 1] : '',
        selfie,
      },
      lease.provider_job_id,
    );
  }
  if (answer.outcome === 'answered' && details) {
    await storeAnswer(ctx, lease, details, answer, checker.provider);
    return;
  }
  const now = ctx.now();
  if (answer.outcome === 'pending') {
    await ctx.db.query(
      `UPDATE identity_checks SET state = 'submitted', leased_until = NULL, provider_job_id = $4, provider = $5,
              product = $6, next_attempt_at = $7
        WHERE ${HELD}`,
      [
        lease.affiliate_id,
        lease.attempts,
        lease.requested_at,
        answer.providerJobId.slice(0, 80),
        checker.provider,
        ctx.config.identityCheck.product,
        new Date(now.getTime() + backoffSeconds(POLL_AGAIN_SECONDS, lease.attempts) * 1000),
      ],
    );
    identityChecks.inc({ provider: checker.provider, outcome: 'pending' });
    return;
  }
  const reason = answer.outcome === 'failed' ? answer.reason : 'no answer';
  await recordFailure(ctx, lease, reason.slice(0, 300), checker.provider);
}

async function recordFailure(ctx: AppContext, lease: LeasedCheck, reason: string, provider: string) {
  const now = ctx.now();
  const wait = backoffSeconds(ctx.config.identityCheck.retrySeconds, lease.attempts);
  await ctx.db.query(
    `UPDATE identity_checks SET leased_until = NULL, last_failure = $4, last_failure_at = $5, next_attempt_at = $6
      WHERE ${HELD}`,
    [
      lease.affiliate_id,
      lease.attempts,
      lease.requested_at,
      reason,
      now,
      new Date(now.getTime() + wait * 1000),
    ],
  );
  identityChecks.inc({ provider, outcome: 'failed' });
}

/**
 * One pass: leases the due checks and runs them side by side. A check that throws (its sealed number unreadable,
 * the database gone mid-way) is a failed attempt, retried with the backoff like a provider failure. Returns how
 * many checks were leased.
 */
export async function runDueIdentityChecks(ctx: AppContext, limit = 5): Promise<number> {
  const checker = identityCheckerOf(ctx);
  if (!checker) return 0;
  const leased = await leaseDueChecks(ctx, limit);
  await Promise.all(
    leased.map((lease) =>
      runOne(ctx, checker, lease).catch(async (error: unknown) => {
        ctx.logger.warn(
          { err: error, affiliateId: Number(lease.affiliate_id) },
          'identity check attempt failed',
        );
        await recordFailure(ctx, lease, 'internal error', checker.provider).catch(() => undefined);
      }),
    ),
  );
  return leased.length;
}
