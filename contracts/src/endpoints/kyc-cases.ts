import { ErrorResponse } from '../api/common';
import {
  KycClaimResponse,
  KycNoteList,
  KycNoteRequest,
  KycNoteResponse,
  KycQueuePage,
  KycQueueQuery,
  KycReassignRequest,
  KycReleaseResponse,
  KycReviewerList,
} from '../api/kyc-cases';
import { defineEndpoint } from '../endpoint';
import type { Right } from '../rights';

/** Issue 50: reviewers work the queue with backoffice_kyc; only admins (who hold `affiliates`) reassign. */
export const KYC_QUEUE_RIGHTS: readonly Right[] = ['backoffice_kyc'];
export const KYC_REASSIGN_RIGHTS: readonly Right[] = ['affiliates'];

const TAG = 'KYC cases (back office)';
const caseErrors = {
  404: { description: 'No such affiliate', schema: ErrorResponse },
  409: {
    description:
      "The affiliate is not waiting for KYC review, or another reviewer holds the case ('Ada Obi is reviewing this case.')",
    schema: ErrorResponse,
  },
};

export const KycCaseEndpoints = {
  queue: defineEndpoint({
    method: 'get',
    path: '/backoffice/kyc/queue',
    tag: TAG,
    summary:
      'The KYC Pending cases: sort=age (default, oldest first) or risk (most risks first, then oldest); show=all (default), unclaimed (free to claim) or mine; page, pageSize (default 25). Each with its age in hours against the 24 h target, its risks and who holds it.',
    auth: { anyRight: KYC_QUEUE_RIGHTS },
    query: KycQueueQuery,
    answer: { description: 'One page of the queue', schema: KycQueuePage },
  }),
  claimNext: defineEndpoint({
    method: 'post',
    path: '/backoffice/kyc/claim-next',
    tag: TAG,
    summary:
      "Claim the oldest free case. A reviewer already holding a case gets that one back instead ('You are already reviewing this case.'): one case at a time. 404 'No cases are waiting for a reviewer.'",
    auth: { anyRight: KYC_QUEUE_RIGHTS },
    answer: { description: 'The claimed case', schema: KycClaimResponse },
    otherAnswers: { 404: { description: 'The queue has no free case', schema: ErrorResponse } },
  }),
  claim: defineEndpoint({
    method: 'post',
    path: '/backoffice/kyc/case/:id/claim',
    tag: TAG,
    summary:
      'Claim this case (the case screen does it on open), or keep the claim alive when it is already the caller’s. A claim nobody acts on for 30 minutes lapses. 409 when another reviewer holds it.',
    auth: { anyRight: KYC_QUEUE_RIGHTS },
    answer: { description: 'The claimed case', schema: KycClaimResponse },
    otherAnswers: caseErrors,
  }),
  release: defineEndpoint({
    method: 'post',
    path: '/backoffice/kyc/case/:id/release',
    tag: TAG,
    summary: "Give the caller's claim back to the queue. 409 when the caller does not hold it.",
    auth: { anyRight: KYC_QUEUE_RIGHTS },
    answer: { description: "'Case released.'", schema: KycReleaseResponse },
    otherAnswers: caseErrors,
  }),
  reassign: defineEndpoint({
    method: 'post',
    path: '/backoffice/kyc/case/:id/reassign',
    tag: TAG,
    summary:
      'An admin hands the case to another reviewer (an active back-office or admin user), whoever holds it now. Audited.',
    auth: { anyRight: KYC_REASSIGN_RIGHTS },
    body: KycReassignRequest,
    answer: { description: 'The case with its new reviewer', schema: KycClaimResponse },
    otherAnswers: caseErrors,
  }),
  notes: defineEndpoint({
    method: 'get',
    path: '/backoffice/kyc/case/:id/notes',
    tag: TAG,
    summary: "Staff notes on an affiliate's KYC, newest first (at most 200). Never shown to the affiliate.",
    auth: { anyRight: KYC_QUEUE_RIGHTS },
    answer: { description: 'The notes', schema: KycNoteList },
    otherAnswers: { 404: { description: 'No such affiliate', schema: ErrorResponse } },
  }),
  addNote: defineEndpoint({
    method: 'post',
    path: '/backoffice/kyc/case/:id/notes',
    tag: TAG,
    summary:
      "Add a staff note (1 to 2000 characters) to an affiliate's KYC. Writing a note on a case the caller holds keeps the claim alive.",
    auth: { anyRight: KYC_QUEUE_RIGHTS },
    body: KycNoteRequest,
    answer: { status: 201, description: "'Note added.'", schema: KycNoteResponse },
    otherAnswers: { 404: { description: 'No such affiliate', schema: ErrorResponse } },
  }),
  reviewers: defineEndpoint({
    method: 'get',
    path: '/backoffice/kyc/reviewers',
    tag: TAG,
    summary: 'The active back-office and admin users a case can be reassigned to, by name.',
    auth: { anyRight: KYC_REASSIGN_RIGHTS },
    answer: { description: 'The reviewers', schema: KycReviewerList },
  }),
};
