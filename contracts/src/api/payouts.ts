import { z } from 'zod';
import { hasControlCharacters, TextMessages } from '../rules/plain-text';
import { DateMessages, DateParam, SearchText } from './common';
import { PAYOUT_EXPLANATION_KINDS, PAYOUT_LINE_STATUSES } from './payout-statuses';
import type { PayoutLineStatus } from './payout-statuses';

// Payouts (issue 28, docs/payouts.md): settings, payout runs with four eyes, the bank file and its result,
// the affiliate's Payouts page and the Paystack webhook's body. Money is naira as text with two decimals, never
// a floating-point number.

export * from './payout-statuses';

export const PAYOUT_PROVIDERS = ['bank-file', 'paystack'] as const;
export type PayoutProvider = (typeof PAYOUT_PROVIDERS)[number];

export const PAYOUT_RUN_STATUSES = [
  'draft',
  'submitted',
  'approved',
  'rejected',
  'executing',
  'completed',
] as const;
export type PayoutRunStatus = (typeof PAYOUT_RUN_STATUSES)[number];
/** A run in one of these blocks a new one (one open run at a time). */
export const OPEN_PAYOUT_RUN_STATUSES: readonly PayoutRunStatus[] = [
  'draft',
  'submitted',
  'approved',
  'executing',
];

/** Lines that hold their entries: an entry is in at most one of these (payout_line_entries_once_idx). */
export const LIVE_PAYOUT_LINE_STATUSES: readonly PayoutLineStatus[] = [
  'pending',
  'sending',
  'processing',
  'paid',
];
/** Lines a run still waits for: the run completes when none is left. */
export const OPEN_PAYOUT_LINE_STATUSES: readonly PayoutLineStatus[] = ['pending', 'sending', 'processing'];

export const PAYOUT_MINIMUM_DEFAULT = '1000.00';
export const PAYOUT_WITHHOLDING_DEFAULT = '0.00';
/** The largest minimum payout a setting may hold (numeric(14, 2)). */
export const PAYOUT_MINIMUM_MAX = '999999999999.99';
/**
 * The most one payout line pays: the largest order ingestion accepts (issue 48; an affiliate owed more is
 * listed ineligible, 'Above the largest amount one payout can pay'; migration 079 holds it in SQL).
 */
export const PAYOUT_LINE_MAX = '999999999999.99';
export const PAYOUT_PAGE_SIZE = 25;
export const PAYOUT_MAX_PAGE_SIZE = 100;
export const PAYOUT_REASON_MAX = 500;
/** The bank's result file: multipart field, size and rows. */
export const PAYOUT_RESULT_FIELD = 'file';
export const PAYOUT_RESULT_LIMITS = { maxBytes: 5 * 1024 * 1024, maxRows: 20_000 } as const;
/** Columns of the bulk-payment file, in order. */
export const PAYOUT_BANK_FILE_COLUMNS = [
  'Reference',
  'Account Name',
  'Account Number',
  'Bank Code',
  'Amount',
  'Narration',
] as const;
/** Columns of the bank's result file (any order, headers matched without case). */
export const PAYOUT_RESULT_COLUMNS = ['Reference', 'Status', 'Reason'] as const;
/** Our transfer reference: po-<run>-<line>, lowercase letters, digits and '-' (Paystack's rule). */
export const PAYOUT_REFERENCE_PATTERN = /^[a-z0-9-]{1,100}$/;
export const payoutReference = (runId: number | string, lineId: number | string) => `po-${runId}-${lineId}`;

/** Why an affiliate is listed in a run without being paid; checked in this order, the first that applies. */
export const PayoutIneligibleReasons = {
  kycNotComplete: 'KYC not complete',
  inactive: 'Inactive',
  underRiskReview: 'Under risk review',
  bankNotVerified: 'Bank account not verified',
  negativeBalance: 'Negative balance',
  belowMinimum: 'Below the minimum payout',
  tooLarge: 'Above the largest amount one payout can pay',
} as const;
export type PayoutIneligibleReason = (typeof PayoutIneligibleReasons)[keyof typeof PayoutIneligibleReasons];

export const PayoutMessages = {
  // settings
  minimumRequired: 'Please enter the minimum payout.',
  minimumInvalid: 'The minimum payout must be an amount in naira with at most two decimals, 0 or more.',
  withholdingRequired: 'Please enter the withholding percentage.',
  withholdingInvalid: 'The withholding percentage must be a number from 0 to 100 with at most two decimals.',
  settingsSaved: 'Payout settings saved.',
  settingsUnchanged: 'Payout settings are already so.',
  // lists
  invalidPage: 'Page must be a whole number from 1.',
  invalidPageSize: `Page size must be a whole number from 1 to ${PAYOUT_MAX_PAGE_SIZE}.`,
  invalidKind: "Kind must be 'eligible' or 'ineligible'.",
  // runs
  cutoffRequired: 'Please choose the cutoff date.',
  cutoffFormat: DateMessages.format,
  cutoffInFuture: 'The cutoff date cannot be after today.',
  runOpen: (runId: number, status: string) =>
    `Payout run #${runId} is still open (${status}). Complete or reject it before creating another.`,
  runCreated: (runId: number, eligible: number) =>
    `Payout run #${runId} created with ${eligible} affiliate${eligible === 1 ? '' : 's'} to pay.`,
  runNotFound: 'Payout run not found.',
  lineNotFound: 'Payout line not found.',
  notDraft: 'Only a draft payout run can be changed.',
  lineNotPending: 'Only a line waiting to be paid can be excluded.',
  reasonRequired: 'Please give a reason.',
  reasonTooLong: `The reason can have at most ${PAYOUT_REASON_MAX} characters.`,
  remarkRequired: 'Please give a remark.',
  remarkTooLong: `The remark can have at most ${PAYOUT_REASON_MAX} characters.`,
  lineExcluded: 'Line excluded from the payout run.',
  lineNotExcluded: 'Only an excluded line of a draft payout run can be included again.',
  lineIncluded: 'Line included in the payout run again.',
  // risk holds (issue 49): a case opened after the draft, on a line that is not yet paid
  lineNotHeld: 'Only a draft line, or a line under risk review that is waiting to be paid, can be excluded.',
  lineNotUnderReview: 'This line is not under risk review, or it has already been let go.',
  lineLetGo: 'Line let go: it will be paid with the run.',
  heldLinesUndecided: (held: number) =>
    `${held} line${held === 1 ? ' is' : 's are'} under risk review: exclude ${held === 1 ? 'it' : 'them'} or ` +
    `let ${held === 1 ? 'it' : 'them'} go before the run is approved.`,
  onlyCreatorSubmits: 'Only the admin who created this payout run can submit it.',
  nothingToPay: 'This payout run has no line to pay.',
  submitted: 'Payout run submitted for approval.',
  submittedWithChanges: (changed: number) =>
    `Payout run submitted for approval. ${changed} line${changed === 1 ? '' : 's'} changed since the draft ` +
    `(the affiliate's commission or standing moved): check ${changed === 1 ? 'it' : 'them'} before approval.`,
  discarded: (runId: number) => `Draft payout run #${runId} discarded.`,
  notSubmitted: 'This payout run is not waiting for approval.',
  creatorCannotApprove: 'You created this payout run; another admin must approve it.',
  creatorCannotReject: 'You created this payout run; another admin must reject it.',
  creatorCannotRecordResult:
    'You created this payout run; another admin must record the bank\u2019s result (upload it or mark lines).',
  approvedBankFile:
    'Payout run approved. Download the bank file and upload the bank’s result when it is back.',
  approvedPaystack: 'Payout run approved. Choose Pay now to send the transfers.',
  rejected: 'Payout run rejected; its lines are cancelled and their commission is available again.',
  // paying
  notBankFile: 'This payout run is not paid by bank file.',
  notPaystack: 'This payout run is not paid through Paystack.',
  notExecuting: 'This payout run is not being paid.',
  notApproved: 'This payout run is not approved, or its payment has already started.',
  executing: 'Payment started. Lines are updated as the provider answers.',
  markStatusInvalid: "Status must be 'paid' or 'failed'.",
  lineNotOpen: 'This line is no longer waiting for a result.',
  lineMarkedPaid: 'Line marked paid.',
  lineMarkedFailed: 'Line marked failed; its commission is available again.',
  runCompleted: 'Every line has its result: the payout run is completed.',
  // the bank's result file
  resultFileRequired: 'Please choose the bank’s result file (.xlsx or .csv).',
  resultFileType: 'The result file must be .xlsx or .csv.',
  resultFileTooLarge: `The result file can be at most ${PAYOUT_RESULT_LIMITS.maxBytes / 1024 / 1024} MB.`,
  resultFileUnreadable:
    'The result file could not be read. Please upload the .xlsx or .csv file the bank gave.',
  resultFileEmpty: 'The result file has no rows.',
  resultFileColumns: `The result file must have the columns ${PAYOUT_RESULT_COLUMNS.join(', ')}.`,
  resultFileTooManyRows: `The result file can have at most ${PAYOUT_RESULT_LIMITS.maxRows} rows.`,
  resultFileBusy: 'Another file is being read. Please try again in a moment.',
  resultApplied: (paid: number, failed: number, problems: number) =>
    `${paid} line${paid === 1 ? '' : 's'} paid, ${failed} failed` +
    (problems === 0 ? '.' : `; ${problems} row${problems === 1 ? '' : 's'} not applied.`),
  resultUnknownReference: 'No line of this payout run has this reference.',
  resultBadStatus: "Status must be 'paid' or 'failed'.",
  resultReasonRequired: 'A failed line needs a reason.',
  resultLineClosed: (status: string) => `The line is already ${status}.`,
  resultDuplicate: 'This reference is already in an earlier row of the file.',
  // affiliate
  adviceNotFound: 'Payout not found.',
  // notification
  paidNotice: (amount: string, account: string) => `${amount} sent to ${account}`,
  /** Issue 48: the bank returned a transfer the affiliate was told had gone out. */
  reversedNotice: (amount: string, account: string) =>
    `${amount} sent to ${account} was returned by the bank. It is available again and will be paid in a later payout`,
  /** Issue 48: a transfer.success whose amount or currency is not the line's; the line is not marked paid. */
  providerMismatch: (reported: string, expected: string) =>
    `Not marked paid: Paystack reported a successful transfer of ${reported}, but this line pays ${expected}. Check the transfer on Paystack before marking the line.`,
} as const;

// ---- shared pieces -----------------------------------------------------------------------------------------

/** Money as text with two decimals ('1234.50', '-20.00'). */
export const PayoutMoney = z.string().regex(/^-?\d+\.\d{2}$/);

const pageNumber = (message: string, max?: number) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,9}$/, { error: message })
    .transform(Number)
    .refine((value) => value >= 1 && (max === undefined || value <= max), { error: message });

const PageQuery = {
  page: pageNumber(PayoutMessages.invalidPage).optional(),
  pageSize: pageNumber(PayoutMessages.invalidPageSize, PAYOUT_MAX_PAGE_SIZE).optional(),
};

/** A decimal typed as text or sent as a JSON number, to text; undefined when it is not one. */
function decimalText(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'string') return value.trim();
  return undefined;
}

/** Plain decimal with at most 2 decimals, as 'd.dd'; the digits are kept as typed (no floating point). */
function toMoneyText(text: string): string | undefined {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const whole = match[1].replace(/^0+(?=\d)/, '');
  return `${whole}.${(match[2] ?? '').padEnd(2, '0')}`;
}

const amountField = (required: string, invalid: string, max: number) =>
  z.unknown().transform((value, context) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      context.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const text = decimalText(value);
    const money = text === undefined ? undefined : toMoneyText(text);
    if (money === undefined || Number(money) > max) {
      context.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return money;
  });

const reasonText = (required: string, tooLong: string) =>
  z
    .string({ error: required })
    .refine((value) => !hasControlCharacters(value.replace(/[\r\n\t]/g, ' ')), {
      error: TextMessages.controlCharacters,
      abort: true,
    })
    .transform((value) => value.trim().replace(/\s+/g, ' '))
    .refine((value) => value.length > 0, { error: required })
    .refine((value) => value.length <= PAYOUT_REASON_MAX, { error: tooLong });

const idParamText = z.string().regex(/^[1-9]\d{0,17}$/);
/** Path parameters :runId and :lineId: a positive whole number, else 404. */
export const PayoutIdParam = idParamText;

// ---- settings ------------------------------------------------------------------------------------------

export const PayoutSettings = z.object({
  minimumPayout: PayoutMoney,
  withholdingPercent: PayoutMoney,
  /** The provider new runs use (PAYOUT_PROVIDER, or paystack when a key is set, else bank-file). */
  provider: z.enum(PAYOUT_PROVIDERS),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type PayoutSettings = z.infer<typeof PayoutSettings>;

export const SavePayoutSettingsRequest = z.object({
  minimumPayout: amountField(
    PayoutMessages.minimumRequired,
    PayoutMessages.minimumInvalid,
    999_999_999_999.99,
  ),
  withholdingPercent: amountField(PayoutMessages.withholdingRequired, PayoutMessages.withholdingInvalid, 100),
});
export type SavePayoutSettingsRequest = z.output<typeof SavePayoutSettingsRequest>;

export const SavePayoutSettingsResponse = z.object({
  message: z.string(),
  changed: z.boolean(),
  settings: PayoutSettings,
});
export type SavePayoutSettingsResponse = z.infer<typeof SavePayoutSettingsResponse>;

// ---- runs ----------------------------------------------------------------------------------------------

export const PayoutTotals = z.object({
  /** Lines that pay (not ineligible, excluded or cancelled). */
  count: z.number().int(),
  gross: PayoutMoney,
  deductions: PayoutMoney,
  net: PayoutMoney,
  /** The provider's fees when known (Paystack), else null. */
  fees: PayoutMoney.nullable(),
});
export type PayoutTotals = z.infer<typeof PayoutTotals>;

export const PayoutRun = z.object({
  runId: z.number().int(),
  cutoff: z.string(),
  status: z.enum(PAYOUT_RUN_STATUSES),
  provider: z.enum(PAYOUT_PROVIDERS),
  minimumPayout: PayoutMoney,
  withholdingPercent: PayoutMoney,
  createdBy: z.string().nullable(),
  /** The signed-in admin created it (then they cannot approve or reject it). */
  createdByMe: z.boolean(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionRemark: z.string().nullable(),
  executedAt: z.string().nullable(),
  providerMessage: z.string().nullable(),
  completedAt: z.string().nullable(),
  totals: PayoutTotals,
  /** Lines per status (statuses without lines left out). */
  lineCounts: z.partialRecord(z.enum(PAYOUT_LINE_STATUSES), z.number().int()),
});
export type PayoutRun = z.infer<typeof PayoutRun>;

export const PayoutRunsQuery = z.object(PageQuery);
export type PayoutRunsQuery = z.input<typeof PayoutRunsQuery>;

export const PayoutRunsPage = z.object({
  results: z.array(PayoutRun),
  totalCount: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  /** The run that blocks a new one, if any. */
  openRunId: z.number().int().nullable(),
});
export type PayoutRunsPage = z.infer<typeof PayoutRunsPage>;

export const CreatePayoutRunRequest = z.object({
  cutoff: z
    .string({ error: PayoutMessages.cutoffRequired })
    .trim()
    .min(1, { error: PayoutMessages.cutoffRequired })
    .pipe(DateParam),
});
export type CreatePayoutRunRequest = z.output<typeof CreatePayoutRunRequest>;

export const PayoutLine = z.object({
  lineId: z.number().int(),
  affiliateCode: z.string(),
  affiliateName: z.string().nullable(),
  /** 'GTBank ****1234', or null when the affiliate has no usable account. */
  account: z.string().nullable(),
  accountName: z.string().nullable(),
  /**
   * Whether the account was verified (a provider, a staff name enquiry or an earlier paid line) when the run was
   * submitted, or now for a draft. A bank-file run also pays unverified accounts: the bank's paid result
   * verifies them (docs/bank-file-verification.md).
   */
  accountVerified: z.boolean(),
  gross: PayoutMoney,
  deductions: PayoutMoney,
  net: PayoutMoney,
  status: z.enum(PAYOUT_LINE_STATUSES),
  /** Why ineligible, excluded, failed, reversed or cancelled; the remark of a line marked by hand. */
  reason: z.string().nullable(),
  reference: z.string().nullable(),
  paidAt: z.string().nullable(),
  updatedAt: z.string(),
  /**
   * Issue 49: a line waiting to be paid whose affiliate has an open risk case at the hold's severity, opened after
   * the line was drafted, and that no admin has let go: it is not paid until an admin excludes it or lets it go.
   */
  underRiskReview: z.boolean(),
});
export type PayoutLine = z.infer<typeof PayoutLine>;

export const PayoutRunDetailQuery = z.object({
  ...PageQuery,
  kind: z.enum(['eligible', 'ineligible'], { error: PayoutMessages.invalidKind }).optional(),
  /** Affiliate code or name. */
  search: SearchText.optional(),
});
export type PayoutRunDetailQuery = z.input<typeof PayoutRunDetailQuery>;

export const PayoutLinesPage = z.object({
  results: z.array(PayoutLine),
  totalCount: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type PayoutLinesPage = z.infer<typeof PayoutLinesPage>;

export const PayoutRunDetail = z.object({
  run: PayoutRun,
  lines: PayoutLinesPage,
});
export type PayoutRunDetail = z.infer<typeof PayoutRunDetail>;

/** Answer of create, submit, approve, reject, execute. */
export const PayoutRunResponse = z.object({ message: z.string(), run: PayoutRun });
export type PayoutRunResponse = z.infer<typeof PayoutRunResponse>;

export const ExcludePayoutLineRequest = z.object({
  reason: reasonText(PayoutMessages.reasonRequired, PayoutMessages.reasonTooLong),
});
export type ExcludePayoutLineRequest = z.output<typeof ExcludePayoutLineRequest>;

export const ApprovePayoutRunRequest = z.object({
  remark: z
    .string({ error: PayoutMessages.remarkTooLong })
    .refine((value) => !hasControlCharacters(value.replace(/[\r\n\t]/g, ' ')), {
      error: TextMessages.controlCharacters,
      abort: true,
    })
    .transform((value) => value.trim().replace(/\s+/g, ' '))
    .refine((value) => value.length <= PAYOUT_REASON_MAX, { error: PayoutMessages.remarkTooLong })
    .optional(),
});
export type ApprovePayoutRunRequest = z.output<typeof ApprovePayoutRunRequest>;

export const RejectPayoutRunRequest = z.object({
  remark: reasonText(PayoutMessages.remarkRequired, PayoutMessages.remarkTooLong),
});
export type RejectPayoutRunRequest = z.output<typeof RejectPayoutRunRequest>;

export const MarkPayoutLineRequest = z.object({
  status: z.enum(['paid', 'failed'], { error: PayoutMessages.markStatusInvalid }),
  reason: reasonText(PayoutMessages.reasonRequired, PayoutMessages.reasonTooLong),
});
export type MarkPayoutLineRequest = z.output<typeof MarkPayoutLineRequest>;

/** Answer of exclude and mark: the line as it is now and its run (totals, status). */
export const PayoutLineResponse = z.object({ message: z.string(), line: PayoutLine, run: PayoutRun });
export type PayoutLineResponse = z.infer<typeof PayoutLineResponse>;

export const PayoutResultProblem = z.object({
  /** The row in the file (1 is the header). */
  row: z.number().int(),
  reference: z.string().nullable(),
  reason: z.string(),
});
export type PayoutResultProblem = z.infer<typeof PayoutResultProblem>;

export const PayoutResultResponse = z.object({
  message: z.string(),
  paid: z.number().int(),
  failed: z.number().int(),
  /** Rows that repeat what the line already says (a file uploaded twice). */
  unchanged: z.number().int(),
  problems: z.array(PayoutResultProblem),
  run: PayoutRun,
});
export type PayoutResultResponse = z.infer<typeof PayoutResultResponse>;

// ---- the affiliate's Payouts page ------------------------------------------------------------------------

export const AffiliatePayoutsQuery = z.object({
  page: pageNumber(PayoutMessages.invalidPage).optional(),
  pageSize: pageNumber(PayoutMessages.invalidPageSize, PAYOUT_MAX_PAGE_SIZE).optional(),
  explanationsPage: pageNumber(PayoutMessages.invalidPage).optional(),
  explanationsPageSize: pageNumber(PayoutMessages.invalidPageSize, PAYOUT_MAX_PAGE_SIZE).optional(),
});
export type AffiliatePayoutsQuery = z.input<typeof AffiliatePayoutsQuery>;

export const AffiliatePayoutCards = z.object({
  pending: PayoutMoney,
  /** When the earliest pending commission becomes available (ISO), or null with nothing pending. */
  nextAvailableAt: z.string().nullable(),
  available: PayoutMoney,
  inPayout: PayoutMoney,
  paidThisYear: PayoutMoney,
  /**
   * Issue 49: the affiliate's payouts are held while an open risk case is reviewed (the page says so, not why);
   * nothing of theirs is paid until the case is closed or an admin lets a line go.
   */
  heldForReview: z.boolean(),
});
export type AffiliatePayoutCards = z.infer<typeof AffiliatePayoutCards>;

export const AffiliatePayout = z.object({
  lineId: z.number().int(),
  /** When it was paid, else when its run was created (ISO). */
  date: z.string(),
  gross: PayoutMoney,
  deductions: PayoutMoney,
  net: PayoutMoney,
  account: z.string().nullable(),
  status: z.enum(PAYOUT_LINE_STATUSES),
  reason: z.string().nullable(),
});
export type AffiliatePayout = z.infer<typeof AffiliatePayout>;

export const AffiliatePayoutExplanation = z.object({
  entryId: z.number().int(),
  kind: z.enum(PAYOUT_EXPLANATION_KINDS),
  amount: PayoutMoney,
  /** In the affiliate's words, money as ₦ (the stored reason stays the audit's). */
  reason: z.string(),
  createdAt: z.string(),
  /** When it counts as available (ISO). */
  availableAt: z.string().nullable(),
  /** Counted in Pending (true) or in Available (false). */
  held: z.boolean(),
});
export type AffiliatePayoutExplanation = z.infer<typeof AffiliatePayoutExplanation>;

/**
 * One order's entries not yet in a payout, together: their sum is what the order adds to Pending and Available.
 * Every order's net over every page adds up to the two cards.
 */
export const AffiliateLedgerOrder = z.object({
  orderCode: z.string(),
  /** Sum of the entries (exact naira text). */
  net: PayoutMoney,
  entries: z.array(AffiliatePayoutExplanation),
});
export type AffiliateLedgerOrder = z.infer<typeof AffiliateLedgerOrder>;

export const AffiliatePayoutsResponse = z.object({
  cards: AffiliatePayoutCards,
  payouts: z.object({
    results: z.array(AffiliatePayout),
    totalCount: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  }),
  /** A page of orders, each with its entries not yet in a payout. */
  explanations: z.object({
    results: z.array(AffiliateLedgerOrder),
    totalCount: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  }),
});
export type AffiliatePayoutsResponse = z.infer<typeof AffiliatePayoutsResponse>;

// ---- Paystack's transfer webhook (the least we read; everything else passes) ---------------------------

export const PAYSTACK_TRANSFER_EVENTS = ['transfer.success', 'transfer.failed', 'transfer.reversed'] as const;

/**
 * What a Paystack event carries (documentation: the router sees an empty body, since the gateway reads the raw
 * bytes itself and checks the signature before parsing them; so every field is optional here).
 */
export const PaystackWebhookBody = z.looseObject({
  event: z.string().max(100).optional(),
  data: z
    .looseObject({
      reference: z.string().max(100).optional(),
      transfer_code: z.string().max(100).optional(),
      status: z.string().max(50).optional(),
      reason: z.string().max(1000).nullable().optional(),
    })
    .optional(),
});
export type PaystackWebhookBody = z.infer<typeof PaystackWebhookBody>;

export const PaystackWebhookMessages = {
  received: 'Event received.',
  badSignature: 'Invalid signature.',
  badBody: 'The event could not be read.',
} as const;
