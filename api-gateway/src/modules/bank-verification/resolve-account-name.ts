import {
  BANK_NAME_MATCH_THRESHOLD,
  BANK_RESOLUTION_CACHE_DAYS,
  BANK_RESOLUTION_LIMITS,
  BankVerificationMessages,
  Messages,
} from '@portal/contracts';
import type { BankVerification, ResolveAccountNameResponse } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { badRequest, tooMany } from '../../http/errors';
import { takeCall, type CallLimit } from '../../lib/call-buckets';
import { keyedHash } from '../../lib/keyed-hash';
import { PAYSTACK, paystackClient } from '../../lib/paystack-client';
import { nameMatchScore } from './name-match';
import type { BankAccountResolver } from './provider';
import { paystackResolver } from './paystack';

/** Who asks: a registration in progress (its cookie) or a signed-in affiliate doing re-KYC. */
export type ResolutionAsker = { registrationId: string } | { affiliateId: number };

const REGISTRATION_LIMIT: CallLimit = {
  scope: 'bank-resolve:registration',
  calls: BANK_RESOLUTION_LIMITS.perRegistration,
  // A registration lives 24 hours: 5 per day is 5 in all.
  perSeconds: 24 * 3600,
};
const AFFILIATE_LIMIT: CallLimit = {
  scope: 'bank-resolve:affiliate',
  calls: BANK_RESOLUTION_LIMITS.perAffiliatePerDay,
  perSeconds: 24 * 3600,
};
const IP_LIMIT: CallLimit = {
  scope: 'bank-resolve:ip',
  calls: BANK_RESOLUTION_LIMITS.perIpPerHour,
  perSeconds: 3600,
};

const resolvers = new WeakMap<AppContext, BankAccountResolver | undefined>();

/** The app's provider, made once per app (undefined: none configured, the development default). */
function resolverOf(ctx: AppContext): BankAccountResolver | undefined {
  if (!resolvers.has(ctx)) {
    const settings = ctx.config.bankVerification;
    resolvers.set(
      ctx,
      settings.provider === PAYSTACK
        ? paystackResolver(paystackClient(settings, ctx.logger), ctx.logger)
        : undefined,
    );
  }
  return resolvers.get(ctx);
}

/** The cache key: a keyed hash of the bank code and the account number, never the number in clear. */
const accountKey = (ctx: AppContext, bankCode: string, accountNumber: string) =>
  keyedHash(ctx, 'bank-account', `${bankCode}:${accountNumber}`);

/**
 * The cache row's key for a bank and account number (issue 29: erasure removes the affiliate's row), or
 * undefined for an unknown bank.
 */
export async function accountResolutionKey(
  ctx: AppContext,
  sql: Sql,
  bankId: number,
  accountNumber: string,
): Promise<string | undefined> {
  const bankCode = await bankCodeOf(sql, bankId);
  return bankCode === undefined ? undefined : accountKey(ctx, bankCode, accountNumber);
}

async function bankCodeOf(sql: Sql, bankId: number): Promise<string | undefined> {
  const { rows } = await sql.query<{ cbn_code: string }>('SELECT cbn_code FROM banks WHERE bank_id = $1', [
    bankId,
  ]);
  return rows[0]?.cbn_code;
}

interface CachedResolution {
  account_name: string;
  provider_reference: string;
  resolved_at: Date;
}

async function cachedResolution(
  ctx: AppContext,
  sql: Sql,
  key: string,
): Promise<CachedResolution | undefined> {
  const { rows } = await sql.query<CachedResolution>(
    `SELECT account_name, provider_reference, resolved_at FROM bank_account_resolutions
      WHERE account_key = $1 AND resolved_at > $2`,
    [key, new Date(ctx.now().getTime() - BANK_RESOLUTION_CACHE_DAYS * 86_400_000)],
  );
  return rows[0];
}

/**
 * Takes one resolution from the asker's allowance and one from its IP's, both or neither: the two buckets
 * are taken in one transaction and a refusal rolls back the first. Each take is one atomic statement, so
 * parallel requests from any number of gateways cannot exceed either limit.
 */
async function takeResolution(ctx: AppContext, asker: ResolutionAsker, ip: string | undefined) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const own =
      'registrationId' in asker
        ? await takeCall(tx, REGISTRATION_LIMIT, asker.registrationId, now)
        : await takeCall(tx, AFFILIATE_LIMIT, String(asker.affiliateId), now);
    if (own) throw tooMany(BankVerificationMessages.tooMany, own);
    const byIp = await takeCall(tx, IP_LIMIT, ip ?? 'unknown', now);
    if (byIp) throw tooMany(BankVerificationMessages.tooMany, byIp);
  });
}

/**
 * The name the bank holds for the account: from the cache (shared by every gateway) when resolved in the
 * last 30 days, else from the provider, then kept. Limits are counted before either. Without a provider the
 * answer is not-configured and nothing is counted; a provider failure is an answer, never an error.
 */
export async function resolveAccountName(
  ctx: AppContext,
  request: { bankID: number; accountNumber: string; asker: ResolutionAsker; ip: string | undefined },
): Promise<ResolveAccountNameResponse> {
  const bankCode = await bankCodeOf(ctx.db, request.bankID);
  if (!bankCode) throw badRequest(Messages.bankRequired, { bankID: Messages.bankRequired });
  const resolver = resolverOf(ctx);
  if (!resolver) {
    return { status: 'not-configured', accountName: null, message: BankVerificationMessages.notConfigured };
  }
  await takeResolution(ctx, request.asker, request.ip);

  const key = accountKey(ctx, bankCode, request.accountNumber);
  const cached = await cachedResolution(ctx, ctx.db, key);
  if (cached) return resolved(cached.account_name);

  const result = await resolver.resolve(bankCode, request.accountNumber);
  if (result.outcome === 'not-found') {
    return { status: 'not-found', accountName: null, message: BankVerificationMessages.notFound };
  }
  if (result.outcome === 'failed') {
    return { status: 'failed', accountName: null, message: BankVerificationMessages.failed };
  }
  await ctx.db.query(
    `INSERT INTO bank_account_resolutions (account_key, account_name, provider, provider_reference, resolved_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (account_key) DO UPDATE
        SET account_name = EXCLUDED.account_name, provider = EXCLUDED.provider,
            provider_reference = EXCLUDED.provider_reference, resolved_at = EXCLUDED.resolved_at`,
    [key, result.accountName, resolver.provider, result.reference, ctx.now()],
  );
  return resolved(result.accountName);
}

const resolved = (accountName: string): ResolveAccountNameResponse => ({
  status: 'resolved',
  accountName,
  message: BankVerificationMessages.accountName(accountName),
});

/** The columns of `affiliates` that hold the resolution behind its bank details. */
export interface StoredBankVerification {
  bank_account_name: string | null;
  bank_name_match_score: number | null;
  bank_resolution_ref: string | null;
  bank_resolved_at: Date | null;
}

/**
 * At submit and re-KYC: the resolution of the submitted bank and account number, if one is in the cache
 * (no provider is called here, so Register Now answers in its usual time), scored against the submitted
 * full name. All null when none is: the reviewer sees 'not verified'.
 */
export async function bankVerificationToStore(
  ctx: AppContext,
  sql: Sql,
  details: { bankID: number; accountNumber: string; fullName: string },
): Promise<StoredBankVerification> {
  const none = {
    bank_account_name: null,
    bank_name_match_score: null,
    bank_resolution_ref: null,
    bank_resolved_at: null,
  };
  if (!resolverOf(ctx)) return none;
  const bankCode = await bankCodeOf(sql, details.bankID);
  if (!bankCode) return none;
  const cached = await cachedResolution(ctx, sql, accountKey(ctx, bankCode, details.accountNumber));
  if (!cached) return none;
  return {
    bank_account_name: cached.account_name,
    bank_name_match_score: nameMatchScore(details.fullName, cached.account_name),
    bank_resolution_ref: cached.provider_reference,
    bank_resolved_at: cached.resolved_at,
  };
}

/** Writes the resolution behind an affiliate's bank details (all null: not verified). */
export async function storeBankVerification(
  sql: Sql,
  affiliateId: number,
  stored: StoredBankVerification,
): Promise<void> {
  await sql.query(
    `UPDATE affiliates SET bank_account_name = $2, bank_name_match_score = $3, bank_resolution_ref = $4,
            bank_resolved_at = $5, bank_verified_via = CASE WHEN $5::timestamptz IS NULL THEN NULL ELSE $6::text END,
            bank_verified_by = NULL
      WHERE affiliate_id = $1`,
    [
      affiliateId,
      stored.bank_account_name,
      stored.bank_name_match_score,
      stored.bank_resolution_ref,
      stored.bank_resolved_at,
      PAYSTACK,
    ],
  );
}

/** What the reviewer sees, from the stored columns; null is 'not verified'. */
export function bankVerificationView(stored: StoredBankVerification): BankVerification | null {
  if (stored.bank_account_name === null || stored.bank_name_match_score === null) return null;
  const score = Number(stored.bank_name_match_score);
  return {
    accountName: stored.bank_account_name,
    nameMatchScore: score,
    belowThreshold: score < BANK_NAME_MATCH_THRESHOLD,
    reference: stored.bank_resolution_ref ?? '',
    resolvedOn: new Date(stored.bank_resolved_at ?? 0).toISOString(),
  };
}

/** The reviewer's view of an affiliate's account name resolution; null is 'not verified'. */
export async function findBankVerification(sql: Sql, affiliateId: number): Promise<BankVerification | null> {
  const { rows } = await sql.query<StoredBankVerification>(
    `SELECT bank_account_name, bank_name_match_score, bank_resolution_ref, bank_resolved_at
       FROM affiliates WHERE affiliate_id = $1`,
    [affiliateId],
  );
  return rows[0] ? bankVerificationView(rows[0]) : null;
}
