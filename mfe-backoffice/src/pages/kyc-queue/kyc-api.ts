import { AffiliateEndpoints, AffiliateStatus, KycCaseEndpoints, KycPartEndpoints } from '@portal/contracts';
import type {
  AffiliateDecisionResponse,
  KycCaseReview,
  KycReturnPartsRequest,
  KycReturnPartsResponse,
  KycClaimResponse,
  KycNote,
  KycNoteResponse,
  KycQueuePage,
  KycReleaseResponse,
  KycReviewer,
} from '@portal/contracts';
import { callEndpoint } from '@portal/shared-ui';

export type KycSort = 'age' | 'risk';
export type KycShow = 'all' | 'unclaimed' | 'mine';

/** One page of the KYC queue (issue 50). */
export function fetchKycQueue(
  filter: { page: number; pageSize: number; sort: KycSort; show: KycShow },
  signal?: AbortSignal,
): Promise<KycQueuePage> {
  return callEndpoint(KycCaseEndpoints.queue, { query: filter }, { signal });
}

export const claimNextCase = (): Promise<KycClaimResponse> =>
  callEndpoint(KycCaseEndpoints.claimNext, {}, { quietOn: [404] });

/** The case screen claims its case on open; a case held by someone else answers 409 with their name. */
export const claimCase = (affiliateID: number, signal?: AbortSignal): Promise<KycClaimResponse> =>
  callEndpoint(KycCaseEndpoints.claim, { params: { id: String(affiliateID) } }, { signal, quietOn: [409] });

export const releaseCase = (affiliateID: number): Promise<KycReleaseResponse> =>
  callEndpoint(KycCaseEndpoints.release, { params: { id: String(affiliateID) } });

export const reassignCase = (affiliateID: number, reviewerID: number): Promise<KycClaimResponse> =>
  callEndpoint(KycCaseEndpoints.reassign, { params: { id: String(affiliateID) }, body: { reviewerID } });

export const fetchReviewers = (signal?: AbortSignal): Promise<KycReviewer[]> =>
  callEndpoint(KycCaseEndpoints.reviewers, {}, { signal });

export const fetchNotes = (affiliateID: number, signal?: AbortSignal): Promise<KycNote[]> =>
  callEndpoint(KycCaseEndpoints.notes, { params: { id: String(affiliateID) } }, { signal });

export const addNote = (affiliateID: number, body: string): Promise<KycNoteResponse> =>
  callEndpoint(KycCaseEndpoints.addNote, { params: { id: String(affiliateID) }, body: { body } });

/** Issue 50 parts 3 and 4: the verdict on each part and the four-eyes state of a case. */
export const fetchCaseReview = (affiliateID: number, signal?: AbortSignal): Promise<KycCaseReview> =>
  callEndpoint(KycPartEndpoints.review, { params: { id: String(affiliateID) } }, { signal });

export const returnParts = (
  affiliateID: number,
  parts: KycReturnPartsRequest['parts'],
): Promise<KycReturnPartsResponse> =>
  callEndpoint(KycPartEndpoints.returnParts, { params: { id: String(affiliateID) }, body: { parts } });

/** The second reviewer's Approve: the spec's call, made against the status the reviewer sees. */
export const confirmApproval = (affiliateID: number): Promise<AffiliateDecisionResponse> =>
  callEndpoint(AffiliateEndpoints.decideKyc, {
    body: { affiliateID, isActive: true, expectedStatus: AffiliateStatus.Pending },
  });
