import { CommissionEndpoints, PayoutEndpoints, PayoutIdParam, PayoutMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { notFound } from '../../http/errors';
import { ExportRunner } from '../reports';
import { bankFile } from './bank-file';
import { parseResultForm } from './bank-result-file';
import { applyBankResult, markLineByHand } from './bank-result';
import { createRun } from './create-run';
import {
  approveRun,
  discardRun,
  excludeLine,
  executeRun,
  includeLine,
  rejectRun,
  submitRun,
} from './run-steps';
import { letGoLine } from './risk-holds';
import { listRuns, runDetail } from './run-views';
import { listReturnWindows, saveReturnWindow } from './ledger/return-windows';
import { payoutSettings, savePayoutSettings } from './settings';

/** :runId and :lineId: positive whole numbers, anything else is not found. */
function idParam(value: string, message: string): number {
  if (!PayoutIdParam.safeParse(value).success) throw notFound(message);
  const id = Number(value);
  if (!Number.isSafeInteger(id)) throw notFound(message);
  return id;
}
const runIdOf = (params: { runId: string }) => idParam(params.runId, PayoutMessages.runNotFound);
const lineIdOf = (params: { lineId: string }) => idParam(params.lineId, PayoutMessages.lineNotFound);

/** Payout runs (issue 28): settings, runs with four eyes, the bank file and its result. Right `payouts`. */
export function registerPayoutRoutes(api: ApiRouter, ctx: AppContext): void {
  const exportRunner = new ExportRunner(ctx);
  api.route(PayoutEndpoints.settings, () => payoutSettings(ctx));
  api.route(PayoutEndpoints.saveSettings, ({ body, session }) => savePayoutSettings(ctx, session, body));
  api.route(PayoutEndpoints.runs, ({ query, session }) => listRuns(ctx, session, query));
  api.route(PayoutEndpoints.createRun, ({ body, session }) => createRun(ctx, session, body));
  api.route(PayoutEndpoints.run, ({ params, query, session }) =>
    runDetail(ctx, session, runIdOf(params), query),
  );
  api.route(PayoutEndpoints.excludeLine, ({ params, body, session }) =>
    excludeLine(ctx, session, runIdOf(params), lineIdOf(params), body.reason),
  );
  api.route(PayoutEndpoints.includeLine, ({ params, session }) =>
    includeLine(ctx, session, runIdOf(params), lineIdOf(params)),
  );
  api.route(PayoutEndpoints.letGoLine, ({ params, session }) =>
    letGoLine(ctx, session, runIdOf(params), lineIdOf(params)),
  );
  api.route(PayoutEndpoints.submit, ({ params, session }) => submitRun(ctx, session, runIdOf(params)));
  api.route(PayoutEndpoints.discard, ({ params, session }) => discardRun(ctx, session, runIdOf(params)));
  api.route(PayoutEndpoints.approve, ({ params, body, session }) =>
    approveRun(ctx, session, runIdOf(params), body),
  );
  api.route(PayoutEndpoints.reject, ({ params, body, session }) =>
    rejectRun(ctx, session, runIdOf(params), body),
  );
  api.route(PayoutEndpoints.execute, ({ params, session }) => executeRun(ctx, session, runIdOf(params)));
  api.route(PayoutEndpoints.bankFile, ({ params, session }) =>
    bankFile(ctx, exportRunner, session, runIdOf(params)),
  );
  api.route(
    PayoutEndpoints.bankResult,
    ({ params, session }, req) => applyBankResult(ctx, req, session, runIdOf(params)),
    { before: parseResultForm },
  );
  api.route(PayoutEndpoints.markLine, ({ params, body, session }) =>
    markLineByHand(ctx, session, runIdOf(params), lineIdOf(params), body),
  );
  // The ledger's holding rule, set on Upload Commission Details → Return windows (right uploadcommission_master).
  api.route(CommissionEndpoints.returnWindows, () => listReturnWindows(ctx.db));
  api.route(CommissionEndpoints.saveReturnWindow, ({ body, session }) =>
    saveReturnWindow(ctx, session, body),
  );
}
