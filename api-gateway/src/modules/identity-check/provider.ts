/** What the portal asks an identity provider about one KYC case (issue 50). */
export interface IdentityLookup {
  /** Ours, unique per attempt: Smile ID's partner_params.job_id. */
  partnerJobId: string;
  /** Ours, per affiliate: Smile ID's partner_params.user_id. */
  userId: string;
  idType: 'BVN' | 'NIN';
  idNumber: string;
  firstName: string;
  lastName: string;
  /** The registration selfie (Biometric KYC compares it with the authority's photo). */
  selfie?: Buffer;
}

export type IdStatus = 'verified' | 'not_found' | 'not_verified';
export type FaceMatch = 'passed' | 'failed' | 'not_done';

/** The authority's answer, as the provider relayed it; no number is kept from it. */
export interface AuthorityAnswer {
  outcome: 'answered';
  providerJobId: string;
  idStatus: IdStatus;
  firstName: string | null;
  lastName: string | null;
  otherNames: string | null;
  /** yyyy-mm-dd, or null when the authority gave none (or something that is not a date). */
  dateOfBirth: string | null;
  faceMatch: FaceMatch;
  resultCode: string;
  resultText: string;
}

export type IdentityAnswer =
  | AuthorityAnswer
  /** Submitted; the result is asked for again on the next attempt (Biometric KYC is asynchronous). */
  | { outcome: 'pending'; providerJobId: string }
  /** No answer to rely on: down, slow, 5xx, refused key, unreadable or unsigned answer. Retried. */
  | { outcome: 'failed'; reason: string };

export interface IdentityChecker {
  readonly provider: 'log' | 'smile_id';
  /** Submits the job (or, with `providerJobId` from an earlier attempt, asks for its result). */
  check(lookup: IdentityLookup, providerJobId: string | null): Promise<IdentityAnswer>;
}

/** A BVN/NIN as logs and screens show it: the last three digits. */
export const maskedIdNumber = (idNumber: string) => `********${idNumber.slice(-3)}`;
