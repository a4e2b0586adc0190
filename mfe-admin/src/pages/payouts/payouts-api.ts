import type {
  MarkPayoutLineRequest,
  MessageResponse,
  PayoutLineResponse,
  PayoutResultResponse,
  PayoutRunDetail,
  PayoutRunResponse,
  PayoutRunsPage,
  PayoutSettings,
  SavePayoutSettingsResponse,
} from '@portal/contracts';
import { PAYOUT_PAGE_SIZE, PAYOUT_RESULT_FIELD, PayoutEndpoints } from '@portal/contracts';
import { callEndpoint } from '@portal/shared-ui';

// Issue 28: the admin's payout calls. A refusal throws after the HTTP client's error toast (spec §8), unless the
// caller says it shows the message itself (`quietOn`).

export const RUNS_PAGE_SIZE = PAYOUT_PAGE_SIZE;
export const LINES_PAGE_SIZE = PAYOUT_PAGE_SIZE;
export type LineKind = 'eligible' | 'ineligible';

/** The refusals a run's action shows in its own dialog (the creator's 403, a run another admin moved on). */
const SHOWN_IN_DIALOG = { quietOn: [403, 409] } as const;

export function fetchPayoutSettings(signal?: AbortSignal): Promise<PayoutSettings> {
  return callEndpoint(PayoutEndpoints.settings, {}, { signal });
}

export function savePayoutSettings(values: {
  minimumPayout: string;
  withholdingPercent: string;
}): Promise<SavePayoutSettingsResponse> {
  return callEndpoint(
    PayoutEndpoints.saveSettings,
    { body: values },
    { fieldsShown: ['minimumPayout', 'withholdingPercent'] },
  );
}

export function fetchPayoutRuns(page: number, signal?: AbortSignal): Promise<PayoutRunsPage> {
  return callEndpoint(PayoutEndpoints.runs, { query: { page, pageSize: RUNS_PAGE_SIZE } }, { signal });
}

export function createPayoutRun(cutoff: string): Promise<PayoutRunResponse> {
  return callEndpoint(PayoutEndpoints.createRun, { body: { cutoff } }, { fieldsShown: ['cutoff'] });
}

export function fetchPayoutRun(
  runId: number,
  query: { kind: LineKind; page: number },
  signal?: AbortSignal,
): Promise<PayoutRunDetail> {
  return callEndpoint(
    PayoutEndpoints.run,
    {
      params: { runId: String(runId) },
      query: { kind: query.kind, page: query.page, pageSize: LINES_PAGE_SIZE },
    },
    { signal },
  );
}

export function excludePayoutLine(
  runId: number,
  lineId: number,
  reason: string,
): Promise<PayoutLineResponse> {
  return callEndpoint(
    PayoutEndpoints.excludeLine,
    { params: { runId: String(runId), lineId: String(lineId) }, body: { reason } },
    SHOWN_IN_DIALOG,
  );
}

/** Issue 51: an excluded line of a draft is included again. */
export function includePayoutLine(runId: number, lineId: number): Promise<PayoutLineResponse> {
  return callEndpoint(PayoutEndpoints.includeLine, {
    params: { runId: String(runId), lineId: String(lineId) },
  });
}

/** Issue 49: a line under risk review is paid with its run after all; the case stays open. */
export function letGoPayoutLine(runId: number, lineId: number): Promise<PayoutLineResponse> {
  return callEndpoint(PayoutEndpoints.letGoLine, {
    params: { runId: String(runId), lineId: String(lineId) },
  });
}

export function submitPayoutRun(runId: number): Promise<PayoutRunResponse> {
  return callEndpoint(PayoutEndpoints.submit, { params: { runId: String(runId) } });
}

export function discardPayoutRun(runId: number): Promise<MessageResponse> {
  return callEndpoint(PayoutEndpoints.discard, { params: { runId: String(runId) } });
}

export function approvePayoutRun(runId: number, remark: string): Promise<PayoutRunResponse> {
  return callEndpoint(
    PayoutEndpoints.approve,
    { params: { runId: String(runId) }, body: remark.trim() ? { remark } : {} },
    SHOWN_IN_DIALOG,
  );
}

export function rejectPayoutRun(runId: number, remark: string): Promise<PayoutRunResponse> {
  return callEndpoint(
    PayoutEndpoints.reject,
    { params: { runId: String(runId) }, body: { remark } },
    SHOWN_IN_DIALOG,
  );
}

export function executePayoutRun(runId: number): Promise<PayoutRunResponse> {
  return callEndpoint(PayoutEndpoints.execute, { params: { runId: String(runId) } });
}

/** The bulk-payment Excel's single-use link (saved with shared-ui's downloadReport). */
export async function bankFileLink(runId: number): Promise<string> {
  const answer = await callEndpoint(PayoutEndpoints.bankFile, { params: { runId: String(runId) } });
  return answer.excelPath;
}

export function uploadBankResult(runId: number, file: File): Promise<PayoutResultResponse> {
  const form = new FormData();
  form.append(PAYOUT_RESULT_FIELD, file, file.name);
  return callEndpoint(PayoutEndpoints.bankResult, { params: { runId: String(runId) }, body: form });
}

export function markPayoutLine(
  runId: number,
  lineId: number,
  body: MarkPayoutLineRequest,
): Promise<PayoutLineResponse> {
  return callEndpoint(
    PayoutEndpoints.markLine,
    { params: { runId: String(runId), lineId: String(lineId) }, body },
    SHOWN_IN_DIALOG,
  );
}
