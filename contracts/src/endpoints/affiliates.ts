import type { Right } from '../rights';
import {
  AffiliateDecisionResponse,
  AffiliateDetails,
  AffiliateListQuery,
  AffiliateListResponse,
  AffiliatePage,
  RevealedNumberResponse,
  RevealNumberQuery,
  KycDecisionRequest,
  MediaQuery,
  SetActiveQuery,
  SetActiveRequest,
} from '../api/affiliates';
import { ErrorResponse } from '../api/common';
import { DashboardResponse } from '../api/dashboard';
import { defineEndpoint } from '../endpoint';

/** Admins reach the list as `affiliates`, back office as `backoffice_allUsers` (spec §6). */
export const AFFILIATE_STAFF_RIGHTS: readonly Right[] = ['affiliates', 'backoffice_allUsers'];

const TAG = 'Affiliates (back office)';
const decisionErrors = {
  404: { description: 'No such affiliate', schema: ErrorResponse },
  409: {
    description:
      "The transition is not allowed from the current status, or the status is no longer expectedStatus ('Already approved by …')",
    schema: ErrorResponse,
  },
};

export const AffiliateEndpoints = {
  list: defineEndpoint({
    method: 'get',
    path: '/backoffice/affiliate',
    tag: TAG,
    summary:
      'Affiliate list. Without parameters: every affiliate, newest first (an array). With any of page, pageSize (default 10), search (code, name, email, mobile, or a whole BVN/NIN or account number, matched by its keyed hash), status (all, active, pending, rejected, inactive or a status name): one page { results, totalCount, pageNo, pageSize }.',
    auth: { anyRight: AFFILIATE_STAFF_RIGHTS },
    query: AffiliateListQuery,
    answer: {
      description: 'An array without parameters, a page with them',
      schema: AffiliatePage.or(AffiliateListResponse),
    },
  }),
  details: defineEndpoint({
    method: 'get',
    path: '/backoffice/affiliate-details/:id',
    tag: TAG,
    summary:
      'One affiliate with bank and country names, duplicate-identity flags, its audit history (newest first) and the actions the caller may take.',
    auth: { anyRight: AFFILIATE_STAFF_RIGHTS },
    answer: { description: 'The affiliate', schema: AffiliateDetails },
    otherAnswers: { 404: { description: 'No such affiliate', schema: ErrorResponse } },
  }),
  decideKyc: defineEndpoint({
    method: 'post',
    path: '/backoffice/affiliate/kyc',
    tag: TAG,
    summary:
      "Approve (isActive true, remark optional) or reject (isActive false, remark required: 'Please provide remark.'). Allowed per spec §4 by status and role; 409 otherwise. With expectedStatus (the status the decision was made against), an affiliate that has moved on since is 409 with who did what first ('Already approved by …').",
    auth: { anyRight: AFFILIATE_STAFF_RIGHTS },
    body: KycDecisionRequest,
    answer: {
      description: "'Approved successfully.' or 'Rejected successfully.'",
      schema: AffiliateDecisionResponse,
    },
    otherAnswers: decisionErrors,
  }),
  setActive: defineEndpoint({
    method: 'post',
    path: '/backoffice/affiliate/set-active',
    tag: TAG,
    summary:
      'status=active: an admin activates an Inactive affiliate; it returns to the status it had before (KYC Pending when none is recorded). status=inactive: the same as delete. expectedStatus as for the KYC decision.',
    auth: { anyRight: AFFILIATE_STAFF_RIGHTS },
    query: SetActiveQuery,
    body: SetActiveRequest,
    answer: {
      description: "'Activated successfully.' or 'User Inactive successfully.'",
      schema: AffiliateDecisionResponse,
    },
    otherAnswers: decisionErrors,
  }),
  numbers: defineEndpoint({
    method: 'get',
    path: '/backoffice/affiliate/:id/numbers',
    tag: TAG,
    summary:
      "One of the affiliate's numbers in clear, `field` = ninOrBVN or accountNumber (every other answer masks them: '••••••••562'): the review modal's Show, one per number (issue 48). Each call writes its own audit row (who, whose, which number, when) shown in the modal's history.",
    auth: { anyRight: AFFILIATE_STAFF_RIGHTS },
    query: RevealNumberQuery,
    answer: { description: 'The clear number', schema: RevealedNumberResponse },
    otherAnswers: { 404: { description: 'No such affiliate', schema: ErrorResponse } },
  }),
  makeInactive: defineEndpoint({
    method: 'post',
    path: '/backoffice/affiliate/delete/:id',
    tag: TAG,
    summary:
      "Make an affiliate inactive (the list's delete); its sessions end at once. 'User Inactive successfully.'",
    auth: { anyRight: AFFILIATE_STAFF_RIGHTS },
    answer: { description: "'User Inactive successfully.'", schema: AffiliateDecisionResponse },
    otherAnswers: decisionErrors,
  }),
};

export const MediaEndpoints = {
  file: defineEndpoint({
    method: 'get',
    path: '/media',
    tag: 'Media',
    summary: 'A stored selfie by its path (selfieImagePath): to staff (roles 1 and 2) and to its owner only.',
    auth: 'session',
    query: MediaQuery,
    answer: { description: 'The image', contentType: 'image/png' },
    otherAnswers: {
      400: { description: 'fileUrl missing', schema: ErrorResponse },
      403: { description: 'Not staff and not the owner', schema: ErrorResponse },
      404: { description: 'No such file', schema: ErrorResponse },
    },
  }),
};

export const DashboardEndpoints = {
  dashboard: defineEndpoint({
    method: 'get',
    path: '/user/dashboard',
    tag: 'Dashboard',
    summary:
      "The dashboard of the caller's role (spec §3): admin { affiliates, orders, systemStatistics }, back office { applications, systemOverview, activities }, affiliate { affiliateName, affiliateId, kycStatus, notice, commission, orders }.",
    auth: 'session',
    answer: { description: "The caller's dashboard", schema: DashboardResponse },
    otherAnswers: { 403: { description: 'The caller holds no dashboard right', schema: ErrorResponse } },
  }),
};
