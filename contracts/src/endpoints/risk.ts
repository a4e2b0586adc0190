import { ErrorResponse, MessageResponse } from '../api/common';
import {
  ConfirmRiskCaseRequest,
  ConfirmRiskCaseResponse,
  DismissRiskCaseRequest,
  RiskCaseDetail,
  RiskCasesPage,
  RiskCasesQuery,
  RiskMessages,
  RiskNoteRequest,
  RiskScanResponse,
  RiskSettingsResponse,
  SaveRiskSettingsRequest,
} from '../api/risk';
import { defineEndpoint } from '../endpoint';

// Issue 49 (docs/risk.md): the review queue needs `risk_review` (back office and admins); the thresholds and a
// scan on demand need `risk_settings` (admins).

const TAG = 'Risk';
const REVIEW = { anyRight: ['risk_review'] } as const;
const SETTINGS = { anyRight: ['risk_settings'] } as const;
const error = (description: string) => ({ description, schema: ErrorResponse });
const CASE_NOT_FOUND = { 404: error(RiskMessages.caseNotFound) };
const CLOSED = { 409: error(RiskMessages.caseClosed) };

export const RiskEndpoints = {
  cases: defineEndpoint({
    method: 'get',
    path: '/risk/cases',
    tag: TAG,
    summary:
      'Risk cases of one state (open by default), highest severity first, then oldest: the review queue. 25 a page.',
    auth: REVIEW,
    query: RiskCasesQuery,
    answer: { description: 'One page of cases', schema: RiskCasesPage },
  }),
  case: defineEndpoint({
    method: 'get',
    path: '/risk/cases/:caseId',
    tag: TAG,
    summary:
      "A case with its evidence rows (other affiliates' numbers masked: the audited numbers call reveals them), " +
      "the affiliate's other open signals, its ledger summary, recent orders and the case's history.",
    auth: REVIEW,
    answer: { description: 'The case', schema: RiskCaseDetail },
    otherAnswers: CASE_NOT_FOUND,
  }),
  dismiss: defineEndpoint({
    method: 'post',
    path: '/risk/cases/:caseId/dismiss',
    tag: TAG,
    summary:
      'Closes an open case as no abuse, with a reason; the same evidence does not open it again. Audited on the affiliate.',
    auth: REVIEW,
    body: DismissRiskCaseRequest,
    answer: { description: 'Dismissed', schema: MessageResponse },
    otherAnswers: { ...CASE_NOT_FOUND, ...CLOSED },
  }),
  confirm: defineEndpoint({
    method: 'post',
    path: '/risk/cases/:caseId/confirm',
    tag: TAG,
    summary:
      "Closes an open case as abuse confirmed, with a note: withdraws the commission of the case's orders through " +
      'the ledger (reversed while unpaid, clawed back once paid; the case is the reason) and, with deactivate, makes ' +
      'the affiliate Inactive. One transaction; audited on the affiliate.',
    auth: REVIEW,
    body: ConfirmRiskCaseRequest,
    answer: { description: 'Confirmed', schema: ConfirmRiskCaseResponse },
    otherAnswers: { ...CASE_NOT_FOUND, ...CLOSED },
  }),
  note: defineEndpoint({
    method: 'post',
    path: '/risk/cases/:caseId/notes',
    tag: TAG,
    summary: 'Adds a note to a case (open or closed). Audited on the affiliate.',
    auth: REVIEW,
    body: RiskNoteRequest,
    answer: { status: 201, description: 'Noted', schema: MessageResponse },
    otherAnswers: CASE_NOT_FOUND,
  }),
  settings: defineEndpoint({
    method: 'get',
    path: '/risk/settings',
    tag: TAG,
    summary: 'The thresholds of the risk signals.',
    auth: SETTINGS,
    answer: { description: 'The settings', schema: RiskSettingsResponse },
  }),
  saveSettings: defineEndpoint({
    method: 'post',
    path: '/risk/settings',
    tag: TAG,
    summary: 'Changes any of the thresholds; audited (risk.settings) with the values before and after.',
    auth: SETTINGS,
    body: SaveRiskSettingsRequest,
    answer: { description: 'The settings now', schema: RiskSettingsResponse },
  }),
  scan: defineEndpoint({
    method: 'post',
    path: '/risk/scan',
    tag: TAG,
    summary:
      'Runs every signal over every affiliate now (the periodic scan does the same): how many cases it opened, ' +
      'and how many open ones it found new evidence for.',
    auth: SETTINGS,
    answer: { description: 'What the scan did', schema: RiskScanResponse },
  }),
};
