import {
  BANK_RESOLUTION_LIMITS,
  BankVerificationMessages,
  ReKycResolveAccountNameRequest,
  ResolveAccountNameRequest,
  ResolveAccountNameResponse,
} from '../api/bank-verification';
import { ErrorResponse } from '../api/common';
import { defineEndpoint } from '../endpoint';

const error = (description: string) => ({ description, schema: ErrorResponse });
const ANSWER =
  "status resolved with the account name ('Account name: …' in message), or not-found / failed / not-configured " +
  'with the message the form shows; the applicant may submit either way and the reviewer then sees not verified.';
const LIMITS =
  `${BankVerificationMessages.tooMany} At most ${BANK_RESOLUTION_LIMITS.perRegistration} per registration or ` +
  `re-KYC day and ${BANK_RESOLUTION_LIMITS.perIpPerHour} an hour per IP, counted before the provider is called (Retry-After).`;

/** Bank account name resolution (issue 27), for registration step two and for re-KYC. */
export const BankVerificationEndpoints = {
  resolveAccountName: defineEndpoint({
    method: 'post',
    path: '/affiliate/resolve-account-name',
    tag: 'Registration',
    summary:
      'Registration step two: the name the bank holds for this account number (BANK_VERIFICATION_PROVIDER), ' +
      'from the cache when resolved in the last 30 days. Needs the registration cookie set by send-email-otp ' +
      'and the email verified.',
    auth: 'public',
    body: ResolveAccountNameRequest,
    answer: { description: ANSWER, schema: ResolveAccountNameResponse },
    otherAnswers: {
      400: error('Bank or account number missing or not 10 digits; no registration; email not verified'),
      409: error('The registration has already been submitted'),
      429: error(LIMITS),
    },
  }),
  reKycResolveAccountName: defineEndpoint({
    method: 'post',
    path: '/affiliate/rekyc-resolve-account-name',
    tag: 'Affiliate area',
    summary:
      'Re-KYC: the name the bank holds for the account number the rejected affiliate entered (its own re-KYC only: the re-kyc right).',
    auth: { anyRight: ['re-kyc'] },
    body: ReKycResolveAccountNameRequest,
    answer: { description: ANSWER, schema: ResolveAccountNameResponse },
    otherAnswers: {
      400: error('Bank or account number missing or not 10 digits'),
      429: error(LIMITS),
    },
  }),
};
