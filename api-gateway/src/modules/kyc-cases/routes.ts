import {
  KYC_QUEUE_PAGE_SIZE,
  KYC_AGE_TARGET_HOURS,
  KycCaseEndpoints,
  KycPartEndpoints,
} from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { affiliateIdParam } from '../../http/affiliate-id-param';
import { claimCase, claimNextCase, listReviewers, reassignCase, releaseCase } from './case-claims';
import { addNote, listNotes } from './case-notes';
import { caseReview } from './case-parts';
import { pageQueue } from './case-queries';
import { registerIdentityCheckRoutes } from '../identity-check';

export function registerKycCaseRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(KycCaseEndpoints.queue, async ({ query, session }) => {
    const pageNo = query.page ?? 1;
    const pageSize = query.pageSize ?? KYC_QUEUE_PAGE_SIZE;
    const page = await pageQueue(
      ctx.db,
      {
        sort: query.sort ?? 'age',
        show: query.show ?? 'all',
        reviewerId: session.userId,
        page: pageNo,
        pageSize,
      },
      ctx.now(),
    );
    return { ...page, pageNo, pageSize, targetHours: KYC_AGE_TARGET_HOURS };
  });

  api.route(KycCaseEndpoints.claimNext, ({ session }) => claimNextCase(ctx, session));

  api.route(KycCaseEndpoints.claim, ({ params, session }) =>
    claimCase(ctx, session, affiliateIdParam(params.id)),
  );

  api.route(KycCaseEndpoints.release, ({ params, session }) =>
    releaseCase(ctx, session, affiliateIdParam(params.id)),
  );

  api.route(KycCaseEndpoints.reassign, ({ params, body, session }) =>
    reassignCase(ctx, session, affiliateIdParam(params.id), body.reviewerID),
  );

  api.route(KycCaseEndpoints.notes, ({ params }) => listNotes(ctx.db, affiliateIdParam(params.id)));

  api.route(KycCaseEndpoints.addNote, ({ params, body, session }) =>
    addNote(ctx, session, affiliateIdParam(params.id), body.body),
  );

  api.route(KycCaseEndpoints.reviewers, () => listReviewers(ctx.db));

  // Part 1: the identity check against the authority, shown on the case.
  registerIdentityCheckRoutes(api, ctx);
  // Issue 50 parts 3 and 4; returning parts is a KYC decision, wired with the others in the backoffice module.
  api.route(KycPartEndpoints.review, ({ params, session }) =>
    caseReview(ctx, ctx.db, session, affiliateIdParam(params.id)),
  );
}
