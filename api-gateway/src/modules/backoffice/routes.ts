import type { AffiliateAction, AffiliateDetails, Right } from '@portal/contracts';
import {
  AFFILIATE_PAGE_SIZE,
  AffiliateDecisionResponse,
  AffiliateDetails as AffiliateDetailsSchema,
  AffiliateListQuery,
  AffiliateListResponse,
  AffiliateMessages,
  AffiliatePage,
  allowedAffiliateActions,
  ErrorResponse,
  KycDecisionRequest,
  roleNameOf,
  SetActiveQuery,
  SetActiveRequest,
} from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { badRequest, notFound } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { describeAudit, listAuditFor } from '../audit/audit-log';
import { decideAffiliate } from './affiliate-decisions';
import { findAffiliate, listAffiliateFlags, listAllAffiliates, pageAffiliates } from './affiliate-queries';

/** Admins reach the list as `affiliates`, back office as `backoffice_allUsers` (spec §6). */
export const AFFILIATE_STAFF_RIGHTS: readonly Right[] = ['affiliates', 'backoffice_allUsers'];

const TAG = 'Affiliates (back office)';
const errors = {
  400: { description: 'Invalid input; message is the first rule broken', schema: ErrorResponse },
  401: { description: 'No or invalid session', schema: ErrorResponse },
  403: { description: 'Not allowed for this role', schema: ErrorResponse },
};
const decisionErrors = {
  ...errors,
  404: { description: 'No such affiliate', schema: ErrorResponse },
  409: { description: 'The transition is not allowed from the current status', schema: ErrorResponse },
};

const PAGING_PARAMS = ['page', 'pageSize', 'search', 'status'] as const;

function affiliateIdParam(raw: string | undefined): number {
  if (!raw || !/^\d{1,15}$/.test(raw) || Number(raw) < 1) throw badRequest(AffiliateMessages.invalidId);
  return Number(raw);
}

function actorOf(session: SessionUser | undefined): SessionUser {
  // Routes below are never public, so the router has always set the session.
  if (!session) throw new Error('session missing on an authenticated route');
  return session;
}

export function registerBackofficeRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(
    {
      method: 'get',
      path: '/backoffice/affiliate',
      tag: TAG,
      summary:
        'Affiliate list. Without parameters: every affiliate, newest first (an array). With any of page, pageSize (default 10), search (code, name, email, mobile), status (all, active, pending, rejected, inactive or a status name): one page { results, totalCount, pageNo, pageSize }.',
      auth: { anyRight: AFFILIATE_STAFF_RIGHTS },
      query: AffiliateListQuery,
      responses: {
        200: {
          description: 'An array without parameters, a page with them',
          schema: AffiliatePage.or(AffiliateListResponse),
        },
        ...errors,
      },
    },
    async ({ query }, req) => {
      const paged = PAGING_PARAMS.some((name) => req.query[name] !== undefined);
      if (!paged) return listAllAffiliates(ctx.db);
      const pageNo = query.page ?? 1;
      const pageSize = query.pageSize ?? AFFILIATE_PAGE_SIZE;
      const page = await pageAffiliates(
        ctx.db,
        { status: query.status, search: query.search || undefined },
        pageNo,
        pageSize,
      );
      return { ...page, pageNo, pageSize };
    },
  );

  api.route(
    {
      method: 'get',
      path: '/backoffice/affiliate-details/:id',
      tag: TAG,
      summary:
        'One affiliate with bank and country names, duplicate-identity flags, its audit history (newest first) and the actions the caller may take.',
      auth: { anyRight: AFFILIATE_STAFF_RIGHTS },
      responses: {
        200: { description: 'The affiliate', schema: AffiliateDetailsSchema },
        ...errors,
        404: { description: 'No such affiliate', schema: ErrorResponse },
      },
    },
    async ({ params, session }): Promise<AffiliateDetails> => {
      const actor = actorOf(session);
      const affiliateId = affiliateIdParam(params.id);
      const affiliate = await findAffiliate(ctx.db, affiliateId);
      if (!affiliate) throw notFound(AffiliateMessages.notFound);
      const [flags, history] = await Promise.all([
        listAffiliateFlags(ctx.db, affiliateId),
        listAuditFor(ctx.db, 'affiliate', affiliateId),
      ]);
      const {
        userId: _userId,
        statusBeforeInactive: _before,
        firstDecisionAt: _first,
        ...details
      } = affiliate;
      return {
        ...details,
        flags,
        history: history.map((row) => ({
          auditID: row.auditId,
          action: row.action,
          title: describeAudit(row).title,
          fromStatus: row.fromStatus,
          toStatus: row.toStatus,
          remark: row.remark,
          actorName: row.actorName,
          actorRole: row.actorRoleId === null ? null : (roleNameOf(row.actorRoleId) ?? null),
          createdOn: row.createdAt.toISOString(),
        })),
        allowedActions: allowedAffiliateActions(actor.roleID, affiliate.status),
      };
    },
  );

  api.route(
    {
      method: 'post',
      path: '/backoffice/affiliate/kyc',
      tag: TAG,
      summary:
        "Approve (isActive true, remark optional) or reject (isActive false, remark required: 'Please provide remark.'). Allowed per spec §4 by status and role; 409 otherwise.",
      auth: { anyRight: AFFILIATE_STAFF_RIGHTS },
      body: KycDecisionRequest,
      responses: {
        200: {
          description: "'Approved successfully.' or 'Rejected successfully.'",
          schema: AffiliateDecisionResponse,
        },
        ...decisionErrors,
      },
    },
    async ({ body, session }) =>
      decideAffiliate(ctx, actorOf(session), {
        affiliateId: body.affiliateID,
        action: body.isActive ? 'approve' : 'reject',
        remark: body.remark,
      }),
  );

  api.route(
    {
      method: 'post',
      path: '/backoffice/affiliate/set-active',
      tag: TAG,
      summary:
        'status=active: an admin activates an Inactive affiliate; it returns to the status it had before (KYC Pending when none is recorded). status=inactive: the same as delete.',
      auth: { anyRight: AFFILIATE_STAFF_RIGHTS },
      query: SetActiveQuery,
      body: SetActiveRequest,
      responses: {
        200: {
          description: "'Activated successfully.' or 'User Inactive successfully.'",
          schema: AffiliateDecisionResponse,
        },
        ...decisionErrors,
      },
    },
    async ({ body, query, session }) => {
      const action: AffiliateAction = query.status === 'active' ? 'activate' : 'inactivate';
      return decideAffiliate(ctx, actorOf(session), {
        affiliateId: body.affiliateID,
        action,
        remark: body.remark,
      });
    },
  );

  api.route(
    {
      method: 'post',
      path: '/backoffice/affiliate/delete/:id',
      tag: TAG,
      summary:
        "Make an affiliate inactive (the list's delete); its sessions end at once. 'User Inactive successfully.'",
      auth: { anyRight: AFFILIATE_STAFF_RIGHTS },
      responses: {
        200: { description: "'User Inactive successfully.'", schema: AffiliateDecisionResponse },
        ...decisionErrors,
      },
    },
    async ({ params, session }) =>
      decideAffiliate(ctx, actorOf(session), {
        affiliateId: affiliateIdParam(params.id),
        action: 'inactivate',
      }),
  );
}
