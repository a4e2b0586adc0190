import { ErrorResponse } from '../api/common';
import { IdentityCheckView } from '../api/identity-check';
import { defineEndpoint } from '../endpoint';
import { KYC_QUEUE_RIGHTS } from './kyc-cases';

export const IdentityCheckEndpoints = {
  identityCheck: defineEndpoint({
    method: 'get',
    path: '/backoffice/kyc/case/:id/identity-check',
    tag: 'KYC cases (back office)',
    summary:
      "The identity check against the authority (Smile ID): what matched and what did not (first and last name, date of birth, face match, the authority's status), or 'not checked' with the reason and the next retry. Numbers masked.",
    auth: { anyRight: KYC_QUEUE_RIGHTS },
    answer: { description: 'The check as it stands', schema: IdentityCheckView },
    otherAnswers: { 404: { description: 'No such affiliate', schema: ErrorResponse } },
  }),
};
