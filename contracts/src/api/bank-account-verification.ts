import { z } from 'zod';
import { hasControlCharacters, TextMessages } from '../rules/plain-text';
import { BANK_NAME_MATCH_THRESHOLD } from './bank-verification';

/**
 * The bank-file programme's own account verification (issue 48; docs/bank-file-verification.md). A staff user
 * types the name the bank's own name enquiry gave for the affiliate's account; it is scored against the
 * registered name, and below BANK_NAME_MATCH_THRESHOLD a second, different staff user must confirm it before
 * the account counts as verified. A bank-file line the bank reports paid verifies the account it paid too.
 */

export const BANK_ENQUIRY_NAME_MAX = 200;

/** How the account in force was verified: a provider's resolution, a staff name enquiry, or a paid line. */
export const BANK_VERIFICATION_METHODS = ['paystack', 'name-enquiry', 'paid-line'] as const;
export type BankVerificationMethod = (typeof BANK_VERIFICATION_METHODS)[number];

export const BankAccountVerificationMessages = {
  accountNameRequired: 'Please enter the account name the bank gave.',
  accountNameTooLong: `The account name can have at most ${BANK_ENQUIRY_NAME_MAX} characters.`,
  accountNameLetters: 'The account name must contain letters.',
  confirmRequired: 'Please choose confirm or decline.',
  verified: 'Bank account verified.',
  waitingForSecond: (score: number) =>
    `The name matches the registered name at ${score} out of 100, below ${BANK_NAME_MATCH_THRESHOLD}: another ` +
    'staff member must confirm it before the account counts as verified.',
  alreadyVerified: 'The bank account is already verified.',
  alreadyWaiting:
    'A name enquiry for this account already waits for a second person: confirm or decline it first.',
  noAccount: 'The affiliate has no bank account to verify.',
  notWaiting: 'This name enquiry is no longer waiting for confirmation.',
  notFound: 'Name enquiry not found.',
  ownEnquiry: 'You entered this name; another staff member must confirm or decline it.',
  declined: 'Name enquiry declined; the account stays not verified.',
} as const;

/** POST backoffice/affiliate/:id/bank-verification: the name the bank's name enquiry gave. */
export const BankNameEnquiryRequest = z.object({
  accountName: z
    .string({ error: BankAccountVerificationMessages.accountNameRequired })
    .refine((value) => !hasControlCharacters(value.replace(/\t/g, ' ')), {
      error: TextMessages.controlCharacters,
      abort: true,
    })
    .transform((value) => value.trim().replace(/\s+/g, ' '))
    .refine((value) => value.length > 0, {
      error: BankAccountVerificationMessages.accountNameRequired,
      abort: true,
    })
    .refine((value) => value.length <= BANK_ENQUIRY_NAME_MAX, {
      error: BankAccountVerificationMessages.accountNameTooLong,
      abort: true,
    })
    .refine((value) => /\p{L}/u.test(value), { error: BankAccountVerificationMessages.accountNameLetters }),
});
export type BankNameEnquiryRequest = z.input<typeof BankNameEnquiryRequest>;

/** POST backoffice/affiliate/:id/bank-verification/:verificationId/confirm: the second person's answer. */
export const ConfirmBankNameEnquiryRequest = z.object({
  confirm: z.boolean({ error: BankAccountVerificationMessages.confirmRequired }),
});
export type ConfirmBankNameEnquiryRequest = z.input<typeof ConfirmBankNameEnquiryRequest>;

export const BankAccountVerificationState = z.object({
  /** The registered name the enquiry is compared with. */
  registeredName: z.string(),
  /** 'GTBank ****1234', or null when the affiliate has no account (erased). */
  account: z.string().nullable(),
  /** The verification in force; null: not verified. */
  verified: z
    .object({
      method: z.enum(BANK_VERIFICATION_METHODS),
      accountName: z.string(),
      nameMatchScore: z.number().int(),
      belowThreshold: z.boolean(),
      /** Who entered it (name enquiry) or recorded the paid result (paid line); null for a provider. */
      verifiedBy: z.string().nullable(),
      /** The second person of a name enquiry below the threshold. */
      confirmedBy: z.string().nullable(),
      verifiedOn: z.string(),
    })
    .nullable(),
  /** A name enquiry below the threshold waiting for a second person. */
  waiting: z
    .object({
      verificationID: z.number().int(),
      accountName: z.string(),
      nameMatchScore: z.number().int(),
      enteredBy: z.string().nullable(),
      enteredOn: z.string(),
      /** The caller entered it, so may not confirm it. */
      enteredByMe: z.boolean(),
    })
    .nullable(),
});
export type BankAccountVerificationState = z.infer<typeof BankAccountVerificationState>;

export const BankAccountVerificationResponse = z.object({
  message: z.string(),
  state: BankAccountVerificationState,
});
export type BankAccountVerificationResponse = z.infer<typeof BankAccountVerificationResponse>;
