import { RiskCaseIdParam, RiskEndpoints, RiskMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { notFound } from '../../http/errors';
import { confirmCase, dismissCase, noteCase } from './case-actions';
import { caseDetail, listCases } from './case-queries';
import { scanAllSignals } from './risk-scan';
import { riskSettings, saveRiskSettings } from './risk-settings';

/** :caseId: a positive whole number, anything else is not found. */
function caseIdOf(params: { caseId: string }): number {
  const id = Number(params.caseId);
  if (!RiskCaseIdParam.safeParse(params.caseId).success || !Number.isSafeInteger(id)) {
    throw notFound(RiskMessages.caseNotFound);
  }
  return id;
}

/** Issue 49: the risk review queue (right risk_review) and its thresholds (risk_settings). */
export function registerRiskRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(RiskEndpoints.cases, ({ query }) => listCases(ctx.db, query.state ?? 'open', query.page ?? 1));
  api.route(RiskEndpoints.case, ({ params }) => caseDetail(ctx, caseIdOf(params)));
  api.route(RiskEndpoints.dismiss, ({ params, body, session }) =>
    dismissCase(ctx, session, caseIdOf(params), body.reason),
  );
  api.route(RiskEndpoints.confirm, ({ params, body, session }) =>
    confirmCase(ctx, session, caseIdOf(params), body.note, body.deactivate ?? false),
  );
  api.route(RiskEndpoints.note, ({ params, body, session }) =>
    noteCase(ctx, session, caseIdOf(params), body.note),
  );
  api.route(RiskEndpoints.settings, () => riskSettings(ctx.db));
  api.route(RiskEndpoints.saveSettings, ({ body, session }) => saveRiskSettings(ctx, session, body));
  api.route(RiskEndpoints.scan, () => scanAllSignals(ctx));
}
