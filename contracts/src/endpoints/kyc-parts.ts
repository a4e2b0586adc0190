import { ErrorResponse } from '../api/common';
import {
  KycCaseReview,
  KycReturnPartsRequest,
  KycReturnPartsResponse,
  ReKycSelfieResponse,
} from '../api/kyc-parts';
import { SELFIE_FIELD } from '../registration-constants';
import { defineEndpoint } from '../endpoint';
import { KYC_QUEUE_RIGHTS } from './kyc-cases';

const TAG = 'KYC cases (back office)';

export const KycPartEndpoints = {
  review: defineEndpoint({
    method: 'get',
    path: '/backoffice/kyc/case/:id/review',
    tag: TAG,
    summary:
      'The latest verdict on each part (identity number, selfie, bank account), what would make an approval wait for a second reviewer, and an approval already waiting for one.',
    auth: { anyRight: KYC_QUEUE_RIGHTS },
    answer: { description: 'The case review state', schema: KycCaseReview },
    otherAnswers: { 404: { description: 'No such affiliate', schema: ErrorResponse } },
  }),
  returnParts: defineEndpoint({
    method: 'post',
    path: '/backoffice/kyc/case/:id/return-parts',
    tag: TAG,
    summary:
      "The reviewer holding the case decides each part (accepted or returned with a reason) and returns the failed ones: the affiliate goes to KYC Rejected, its re-KYC asks only for those parts, and every verdict is a row and in the history. 409 'Claim the case before deciding its parts.'",
    auth: { anyRight: KYC_QUEUE_RIGHTS },
    body: KycReturnPartsRequest,
    answer: { description: "'Returned to the affiliate for correction.'", schema: KycReturnPartsResponse },
    otherAnswers: {
      404: { description: 'No such affiliate', schema: ErrorResponse },
      409: { description: 'Not the caller’s claim, or no longer waiting for review', schema: ErrorResponse },
    },
  }),
};

export const ReKycPartEndpoints = {
  reKycSelfie: defineEndpoint({
    method: 'post',
    path: '/affiliate/rekyc-selfie',
    tag: 'Affiliate area',
    summary: `Re-KYC: the selfie taken again when the reviewer returned it (multipart, field "${SELFIE_FIELD}", PNG or JPEG, at most 5 MB). Used at the next re-KYC submit; 409 when the selfie was not returned.`,
    auth: { anyRight: ['re-kyc'] },
    multipart: { [SELFIE_FIELD]: 'file' },
    answer: {
      status: 201,
      description: "'Selfie saved. Submit to send it for review.'",
      schema: ReKycSelfieResponse,
    },
    otherAnswers: {
      400: { description: 'No file or an unreadable image', schema: ErrorResponse },
      409: { description: 'The selfie was not returned', schema: ErrorResponse },
      413: { description: 'Over 5 MB', schema: ErrorResponse },
      415: { description: 'Not PNG or JPEG', schema: ErrorResponse },
    },
  }),
};
