import { ErrorResponse, MessageResponse } from '../api/common';
import {
  AffiliatePayoutsQuery,
  AffiliatePayoutsResponse,
  ApprovePayoutRunRequest,
  CreatePayoutRunRequest,
  ExcludePayoutLineRequest,
  MarkPayoutLineRequest,
  PAYOUT_BANK_FILE_COLUMNS,
  PAYOUT_RESULT_COLUMNS,
  PAYOUT_RESULT_FIELD,
  PAYOUT_RESULT_LIMITS,
  PaystackWebhookBody,
  PaystackWebhookMessages,
  PayoutLineResponse,
  PayoutMessages,
  PayoutResultResponse,
  PayoutRunDetail,
  PayoutRunDetailQuery,
  PayoutRunResponse,
  PayoutRunsPage,
  PayoutRunsQuery,
  PayoutSettings,
  RejectPayoutRunRequest,
  SavePayoutSettingsRequest,
  SavePayoutSettingsResponse,
} from '../api/payouts';
import { ExcelPathResponse } from '../api/reports';
import { defineEndpoint } from '../endpoint';
import { AffiliatePayoutsPageEndpoints } from './affiliate-payouts';

// Issue 28, payouts (docs/payouts.md). Admin calls need the right `payouts`; the affiliate's need
// `affiliate_payouts`.

const TAG = 'Payouts';
const ADMIN = { anyRight: ['payouts'] } as const;
const error = (description: string) => ({ description, schema: ErrorResponse });
const RUN_NOT_FOUND = { 404: error(PayoutMessages.runNotFound) };
const LINE_NOT_FOUND = { 404: error(`${PayoutMessages.runNotFound} / ${PayoutMessages.lineNotFound}`) };

export const PayoutEndpoints = {
  settings: defineEndpoint({
    method: 'get',
    path: '/admin/payouts/settings',
    tag: TAG,
    summary:
      'The payout settings new runs use: minimum payout (naira), withholding percentage, and the provider.',
    auth: ADMIN,
    answer: { description: 'The settings', schema: PayoutSettings },
  }),
  saveSettings: defineEndpoint({
    method: 'post',
    path: '/admin/payouts/settings',
    tag: TAG,
    summary:
      'Sets the minimum payout (naira, 2 decimals) and the withholding percentage (0 to 100, 2 decimals); audited ' +
      '(payout.settings). A run keeps the settings it was created with.',
    auth: ADMIN,
    body: SavePayoutSettingsRequest,
    answer: { description: 'Saved (or already so: changed false)', schema: SavePayoutSettingsResponse },
  }),
  runs: defineEndpoint({
    method: 'get',
    path: '/admin/payouts/runs',
    tag: TAG,
    summary: 'Payout runs, newest first, with their totals; openRunId names the run that blocks a new one.',
    auth: ADMIN,
    query: PayoutRunsQuery,
    answer: { description: 'One page of runs', schema: PayoutRunsPage },
  }),
  createRun: defineEndpoint({
    method: 'post',
    path: '/admin/payouts/runs',
    tag: TAG,
    summary:
      'A new draft run at a cutoff (yyyy-MM-dd, not after today, Africa/Lagos): in one transaction, a line per ' +
      'affiliate with commission available before the end of that day, from one aggregate: eligible ones with ' +
      'their amounts, ineligible ones with the reason. A draft holds no entries (its commission stays available); ' +
      'submitting it does. One open run at a time (409 names it).',
    auth: ADMIN,
    body: CreatePayoutRunRequest,
    answer: { status: 201, description: 'The draft run', schema: PayoutRunResponse },
    otherAnswers: {
      400: error(
        `${PayoutMessages.cutoffRequired} / ${PayoutMessages.cutoffFormat} / ${PayoutMessages.cutoffInFuture}`,
      ),
      409: error(PayoutMessages.runOpen(7, 'draft')),
    },
  }),
  run: defineEndpoint({
    method: 'get',
    path: '/admin/payouts/runs/:runId',
    tag: TAG,
    summary:
      'A run with its totals and one page of its lines (kind eligible or ineligible; search by affiliate code or name).',
    auth: ADMIN,
    query: PayoutRunDetailQuery,
    answer: { description: 'The run and a page of lines', schema: PayoutRunDetail },
    otherAnswers: RUN_NOT_FOUND,
  }),
  excludeLine: defineEndpoint({
    method: 'post',
    path: '/admin/payouts/runs/:runId/lines/:lineId/exclude',
    tag: TAG,
    summary:
      'Takes a pending line out of a draft run, or a line under risk review out of a run not yet paid, with a ' +
      'reason; its commission is available again. Audited.',
    auth: ADMIN,
    body: ExcludePayoutLineRequest,
    answer: { description: 'The line and its run', schema: PayoutLineResponse },
    otherAnswers: {
      ...LINE_NOT_FOUND,
      409: error(`${PayoutMessages.lineNotHeld} / ${PayoutMessages.lineNotPending}`),
    },
  }),
  includeLine: defineEndpoint({
    method: 'post',
    path: '/admin/payouts/runs/:runId/lines/:lineId/include',
    tag: TAG,
    summary:
      'Issue 51: puts an excluded line of a draft run back; its amount and eligibility are brought up to date at ' +
      'submission like every line of the draft. Audited.',
    auth: ADMIN,
    answer: { description: 'The line and its run', schema: PayoutLineResponse },
    otherAnswers: {
      ...LINE_NOT_FOUND,
      409: error(`${PayoutMessages.notDraft} / ${PayoutMessages.lineNotExcluded}`),
    },
  }),
  letGoLine: defineEndpoint({
    method: 'post',
    path: '/admin/payouts/runs/:runId/lines/:lineId/let-go',
    tag: TAG,
    summary:
      'Issue 49: an admin lets a line under risk review be paid with its run (the case stays open for review). ' +
      "Audited on the run and in the affiliate's history.",
    auth: ADMIN,
    answer: { description: 'The line and its run', schema: PayoutLineResponse },
    otherAnswers: {
      ...LINE_NOT_FOUND,
      409: error(PayoutMessages.lineNotUnderReview),
    },
  }),
  submit: defineEndpoint({
    method: 'post',
    path: '/admin/payouts/runs/:runId/submit',
    tag: TAG,
    summary:
      'The creator submits a draft run for approval by another admin. In one transaction the pending lines are ' +
      'brought up to date (amount, eligibility, account) and hold their entries (locked; never in two live lines); ' +
      'the message says how many lines changed since the draft. A run with no line to pay is refused (409): ' +
      'discard it.',
    auth: ADMIN,
    answer: { description: 'The submitted run', schema: PayoutRunResponse },
    otherAnswers: {
      ...RUN_NOT_FOUND,
      403: error(PayoutMessages.onlyCreatorSubmits),
      409: error(`${PayoutMessages.notDraft} / ${PayoutMessages.nothingToPay}`),
    },
  }),
  discard: defineEndpoint({
    method: 'post',
    path: '/admin/payouts/runs/:runId/discard',
    tag: TAG,
    summary:
      'Discards a draft run (any admin with the right: a forgotten draft would block every new run). It holds no ' +
      'entries; its lines and the run are deleted and the audit row stays.',
    auth: ADMIN,
    answer: { description: 'Discarded', schema: MessageResponse },
    otherAnswers: {
      ...RUN_NOT_FOUND,
      409: error(PayoutMessages.notDraft),
    },
  }),
  approve: defineEndpoint({
    method: 'post',
    path: '/admin/payouts/runs/:runId/approve',
    tag: TAG,
    summary:
      'Another admin than the creator approves a submitted run (one conditional UPDATE: two approvals at once give ' +
      'one). bank-file: the lines go to processing and the run to executing; paystack: the run stays approved ' +
      'until Pay now.',
    auth: ADMIN,
    body: ApprovePayoutRunRequest,
    answer: { description: 'The approved run', schema: PayoutRunResponse },
    otherAnswers: {
      ...RUN_NOT_FOUND,
      403: error(PayoutMessages.creatorCannotApprove),
      409: error(`${PayoutMessages.notSubmitted} / ${PayoutMessages.heldLinesUndecided(1)}`),
    },
  }),
  reject: defineEndpoint({
    method: 'post',
    path: '/admin/payouts/runs/:runId/reject',
    tag: TAG,
    summary:
      'Another admin than the creator rejects a submitted run with a remark: its lines are cancelled and their ' +
      'commission is available again.',
    auth: ADMIN,
    body: RejectPayoutRunRequest,
    answer: { description: 'The rejected run', schema: PayoutRunResponse },
    otherAnswers: {
      ...RUN_NOT_FOUND,
      403: error(PayoutMessages.creatorCannotReject),
      409: error(PayoutMessages.notSubmitted),
    },
  }),
  execute: defineEndpoint({
    method: 'post',
    path: '/admin/payouts/runs/:runId/execute',
    tag: TAG,
    summary:
      'Pay now (paystack runs): approved -> executing by one conditional UPDATE (one winner, the other 409); the ' +
      'background job sends the transfers. Too little balance: the run goes back to approved with providerMessage.',
    auth: ADMIN,
    answer: { description: 'The executing run', schema: PayoutRunResponse },
    otherAnswers: {
      ...RUN_NOT_FOUND,
      409: error(`${PayoutMessages.notPaystack} / ${PayoutMessages.notApproved}`),
    },
  }),
  bankFile: defineEndpoint({
    method: 'post',
    path: '/admin/payouts/runs/:runId/bank-file',
    tag: TAG,
    summary:
      'The bulk-payment Excel of an approved bank-file run (columns ' +
      `${PAYOUT_BANK_FILE_COLUMNS.join(', ')}; amounts in naira with two decimals) as a single-use download link ` +
      '(/report/download?token).',
    auth: ADMIN,
    answer: { description: 'The download link', schema: ExcelPathResponse },
    otherAnswers: {
      ...RUN_NOT_FOUND,
      409: error(`${PayoutMessages.notBankFile} / ${PayoutMessages.notExecuting}`),
    },
  }),
  bankResult: defineEndpoint({
    method: 'post',
    path: '/admin/payouts/runs/:runId/bank-result',
    tag: TAG,
    summary:
      `The bank's result file: multipart, the file in the field "${PAYOUT_RESULT_FIELD}" (.xlsx or .csv, at most ` +
      `${PAYOUT_RESULT_LIMITS.maxBytes / 1024 / 1024} MB and ${PAYOUT_RESULT_LIMITS.maxRows} rows), columns ` +
      `${PAYOUT_RESULT_COLUMNS.join(', ')} (Status paid or failed). Lines are matched by reference and updated in ` +
      'one transaction; rows that cannot apply are listed with their reason. Four eyes: not the run\u2019s creator ' +
      '(403; the database refuses it too). A paid line is final: a later failed row for it is listed and audited, ' +
      'never returns its money. A paid line verifies the account it paid (docs/bank-file-verification.md).',
    auth: ADMIN,
    multipart: { [PAYOUT_RESULT_FIELD]: 'file' },
    answer: { description: 'Counts and the rows not applied', schema: PayoutResultResponse },
    otherAnswers: {
      ...RUN_NOT_FOUND,
      403: error(PayoutMessages.creatorCannotRecordResult),
      400: error(`${PayoutMessages.resultFileUnreadable} / ${PayoutMessages.resultFileColumns}`),
      409: error(`${PayoutMessages.notBankFile} / ${PayoutMessages.notExecuting}`),
      413: error(PayoutMessages.resultFileTooLarge),
      415: error(PayoutMessages.resultFileType),
      503: error(PayoutMessages.resultFileBusy),
    },
  }),
  markLine: defineEndpoint({
    method: 'post',
    path: '/admin/payouts/runs/:runId/lines/:lineId/mark',
    tag: TAG,
    summary:
      'Marks a line of an executing bank-file run paid or failed by hand, with a reason. Forward only; audited. ' +
      'The run completes when no line waits. Not by the run\u2019s creator (403).',
    auth: ADMIN,
    body: MarkPayoutLineRequest,
    answer: { description: 'The line and its run', schema: PayoutLineResponse },
    otherAnswers: {
      ...LINE_NOT_FOUND,
      403: error(PayoutMessages.creatorCannotRecordResult),
      409: error(
        `${PayoutMessages.notBankFile} / ${PayoutMessages.notExecuting} / ${PayoutMessages.lineNotOpen}`,
      ),
    },
  }),
};

export const AffiliatePayoutEndpoints = {
  payouts: defineEndpoint({
    ...AffiliatePayoutsPageEndpoints.payouts,
    query: AffiliatePayoutsQuery,
    answer: { ...AffiliatePayoutsPageEndpoints.payouts.answer, schema: AffiliatePayoutsResponse },
  }),
  advice: defineEndpoint({
    ...AffiliatePayoutsPageEndpoints.advice,
    answer: { ...AffiliatePayoutsPageEndpoints.advice.answer, schema: ExcelPathResponse },
    otherAnswers: { 404: error(PayoutMessages.adviceNotFound) },
  }),
};

export const PaystackWebhookEndpoints = {
  paystack: defineEndpoint({
    method: 'post',
    path: '/webhooks/paystack',
    tag: 'Webhooks',
    summary:
      "Paystack's transfer events (transfer.success, transfer.failed, transfer.reversed) for our references. " +
      'Accepted only with x-paystack-signature = hex HMAC-SHA512(raw body, PAYSTACK_SECRET_KEY); a line only moves ' +
      'forward, so repeated and reordered events change nothing twice.',
    auth: 'public',
    body: PaystackWebhookBody,
    answer: { description: PaystackWebhookMessages.received, schema: MessageResponse },
    otherAnswers: {
      400: error(PaystackWebhookMessages.badBody),
      401: error(`${PaystackWebhookMessages.badSignature} Nothing changed.`),
      413: error('Body over 256 KB'),
    },
  }),
};
