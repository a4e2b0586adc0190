import { z } from 'zod';

/**
 * Issue 50, part 1: the identity check against the authority (Smile ID's Biometric KYC or Enhanced KYC for
 * Nigeria), as the reviewer sees it on a case. Numbers are masked; names and date of birth are the authority's.
 */
export const IdentityCheckMessages = {
  notConfigured: 'Not checked: no identity provider is configured.',
  waiting: 'Not checked yet: the check runs in the background within a minute of the case opening.',
  submitted: "Not checked yet: the job is with the provider, waiting for the authority's answer.",
  failed: (reason: string) => `Not checked: the last attempt failed (${reason}).`,
  neverRequested: 'Not checked: this registration was not sent for an identity check.',
  caseClosed: 'Not checked: the case left the queue before the check ran.',
  demo: 'Demo answer from the log provider: nothing was sent to the authority.',
} as const;

export const IDENTITY_STATUS_LABELS = {
  verified: 'Found at the authority',
  not_found: 'Not found at the authority',
  not_verified: 'Not verified by the authority',
} as const;

export const FACE_MATCH_LABELS = {
  passed: 'Selfie matches the authority’s photo',
  failed: 'Selfie does not match the authority’s photo',
  not_done: 'Not compared (lookup without selfie)',
} as const;

const NameCheck = z.object({
  /** The authority's name; null when it gave none. */
  authority: z.string().nullable(),
  matches: z.boolean(),
});

export const IdentityCheckResult = z.object({
  /** passed: found, names match (score at or above the threshold) and the face did not fail; failed otherwise. */
  verdict: z.enum(['passed', 'failed']),
  idStatus: z.enum(['verified', 'not_found', 'not_verified']),
  firstName: NameCheck,
  lastName: NameCheck,
  otherNames: z.string().nullable(),
  /** yyyy-mm-dd as the authority holds it; the registration asks for none, so it is shown, not compared. */
  dateOfBirth: z.string().nullable(),
  nameMatchScore: z.number().int(),
  belowThreshold: z.boolean(),
  faceMatch: z.enum(['passed', 'failed', 'not_done']),
  providerJobID: z.string(),
  resultCode: z.string(),
  resultText: z.string(),
  checkedOn: z.string(),
  /** The log provider's demo answer (development): nothing was asked of the authority. */
  demo: z.boolean(),
});
export type IdentityCheckResult = z.infer<typeof IdentityCheckResult>;

export const IdentityCheckView = z.object({
  affiliateID: z.number().int(),
  provider: z.enum(['none', 'log', 'smile_id']),
  product: z.enum(['biometric_kyc', 'enhanced_kyc']),
  identityType: z.enum(['BVN', 'NIN']),
  /** `********562`: the last three digits only. */
  maskedNumber: z.string(),
  result: IdentityCheckResult.nullable(),
  /** Why there is no result, and when the background check tries again (null: not scheduled). */
  notChecked: z
    .object({ reason: z.string(), attempts: z.number().int(), nextAttemptOn: z.string().nullable() })
    .nullable(),
});
export type IdentityCheckView = z.infer<typeof IdentityCheckView>;
