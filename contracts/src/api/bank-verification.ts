import { z } from 'zod';
import { Messages } from '../messages';
import { accountNumberError, normaliseAccountNumber } from '../rules/account-number';
import { EmailField } from '../rules/email-field';
import { toId } from '../rules/registration-checks';

/**
 * Bank account name resolution (issue 27): the portal asks a provider (Paystack's GET /bank/resolve) whose
 * name an account number holds at a bank, shows it to the applicant ('Account name: ADAEZE N. OKAFOR') and
 * scores it against the full name for the reviewer. A failed resolution is an answer, never a dead end.
 */

/** Below this name-match score (0-100) the review modal flags the account name. */
export const BANK_NAME_MATCH_THRESHOLD = 75;

/**
 * Resolutions cost money: at most 5 per registration (its 24-hour life), 5 a day per re-KYC affiliate, and
 * 20 an hour per client IP. Counted before the provider is called, cache hits included (each answer tells
 * a name).
 */
export const BANK_RESOLUTION_LIMITS = {
  perRegistration: 5,
  perAffiliatePerDay: 5,
  perIpPerHour: 20,
} as const;

/** A resolved account name is reused this long for the same bank and account number. */
export const BANK_RESOLUTION_CACHE_DAYS = 30;

export { BankVerificationMessages } from '../bank-verification-messages';

const accountFields = {
  bankID: z.union([z.number(), z.string()]).nullish(),
  accountNumber: z.string().nullish(),
};

function checkAccount(value: { bankID?: unknown; accountNumber?: unknown }, ctx: z.RefinementCtx) {
  if (!toId(value.bankID)) ctx.addIssue({ code: 'custom', message: Messages.bankRequired, path: ['bankID'] });
  const accountError = accountNumberError(value.accountNumber);
  if (accountError) ctx.addIssue({ code: 'custom', message: accountError, path: ['accountNumber'] });
}

const toAccount = (value: { bankID?: unknown; accountNumber?: string | null }) => ({
  bankID: toId(value.bankID) ?? 0,
  accountNumber: normaliseAccountNumber(value.accountNumber ?? ''),
});

/** POST affiliate/resolve-account-name: registration step two, with the registration cookie. */
export const ResolveAccountNameRequest = z
  .object({ email: EmailField, ...accountFields })
  .superRefine(checkAccount)
  .transform((value) => ({ email: value.email, ...toAccount(value) }));
export type ResolveAccountNameRequest = z.input<typeof ResolveAccountNameRequest>;

/** POST affiliate/rekyc-resolve-account-name: the signed-in rejected affiliate's re-KYC form. */
export const ReKycResolveAccountNameRequest = z
  .object(accountFields)
  .superRefine(checkAccount)
  .transform(toAccount);
export type ReKycResolveAccountNameRequest = z.input<typeof ReKycResolveAccountNameRequest>;

/**
 * resolved: the provider (or the cache) named the account; not-found: no such account at that bank;
 * failed: the provider could not answer (down, slow, refused our key); not-configured: no provider here.
 * `message` is what the form shows under the account number.
 */
export const ResolveAccountNameResponse = z.object({
  status: z.enum(['resolved', 'not-found', 'failed', 'not-configured']),
  accountName: z.string().nullable(),
  message: z.string(),
});
export type ResolveAccountNameResponse = z.infer<typeof ResolveAccountNameResponse>;

/** What the reviewer sees of the account behind the bank details; null: 'not verified'. */
export const BankVerification = z.object({
  accountName: z.string(),
  /** 0-100; below BANK_NAME_MATCH_THRESHOLD the modal flags it. */
  nameMatchScore: z.number().int(),
  belowThreshold: z.boolean(),
  reference: z.string(),
  resolvedOn: z.string(),
});
export type BankVerification = z.infer<typeof BankVerification>;
