import type {
  ConfirmRiskCaseResponse,
  MessageResponse,
  RevealableNumber,
  RevealedNumberResponse,
  RiskCaseDetail,
  RiskCasesPage,
} from '@portal/contracts';
import { AffiliateEndpoints, RiskEndpoints } from '@portal/contracts';
import { callEndpoint } from '@portal/shared-ui';

// Issue 49: the review queue's calls. An action's refusal (a case someone else closed) shows in its dialog.

const SHOWN_IN_DIALOG = { quietOn: [404, 409] } as const;

export function fetchRiskCases(page: number, signal?: AbortSignal): Promise<RiskCasesPage> {
  return callEndpoint(RiskEndpoints.cases, { query: { page: String(page) } }, { signal });
}

export function fetchRiskCase(caseId: number, signal?: AbortSignal): Promise<RiskCaseDetail> {
  return callEndpoint(RiskEndpoints.case, { params: { caseId: String(caseId) } }, { signal });
}

export function dismissRiskCase(caseId: number, reason: string): Promise<MessageResponse> {
  return callEndpoint(
    RiskEndpoints.dismiss,
    { params: { caseId: String(caseId) }, body: { reason } },
    SHOWN_IN_DIALOG,
  );
}

export function confirmRiskCase(
  caseId: number,
  note: string,
  deactivate: boolean,
): Promise<ConfirmRiskCaseResponse> {
  return callEndpoint(
    RiskEndpoints.confirm,
    { params: { caseId: String(caseId) }, body: { note, deactivate } },
    SHOWN_IN_DIALOG,
  );
}

export function noteRiskCase(caseId: number, note: string): Promise<MessageResponse> {
  return callEndpoint(
    RiskEndpoints.note,
    { params: { caseId: String(caseId) }, body: { note } },
    SHOWN_IN_DIALOG,
  );
}

/** The existing audited reveal of one of an affiliate's numbers (each written to its history on its own). */
export function revealNumber(affiliateId: number, field: RevealableNumber): Promise<RevealedNumberResponse> {
  return callEndpoint(AffiliateEndpoints.numbers, { params: { id: String(affiliateId) }, query: { field } });
}
