import { z } from 'zod';
import { hasControlCharacters, TextMessages } from '../rules/plain-text';

// Issue 49 (docs/risk.md): risk signals raise cases; back office and admins review them.

export const RISK_CASE_KINDS = [
  'selfDealing',
  'sharedAccount',
  'sharedMobile',
  'sharedIdentity',
  'cancellations',
  'orderBurst',
  'thresholdGaming',
  'retailerRehoming',
] as const;
export type RiskCaseKind = (typeof RISK_CASE_KINDS)[number];

/** What the queue calls each kind. */
export const RISK_CASE_KIND_LABELS: Record<RiskCaseKind, string> = {
  selfDealing: 'Self-dealing retailer',
  sharedAccount: 'Shared payout account',
  sharedMobile: 'Shared mobile number',
  sharedIdentity: 'Shared BVN/NIN',
  cancellations: 'Cancellations after commission',
  orderBurst: 'Order burst',
  thresholdGaming: 'Orders just above a minimum',
  retailerRehoming: 'Retailer re-homed',
};

export const RISK_SEVERITY_LABELS = { 1: 'Low', 2: 'Medium', 3: 'High' } as const;
export const RISK_CASE_STATES = ['open', 'dismissed', 'confirmed'] as const;
export type RiskCaseState = (typeof RISK_CASE_STATES)[number];

export const RISK_NOTE_MAX = 1000;

export const RiskMessages = {
  caseNotFound: 'Risk case not found.',
  caseClosed: 'This case is already closed.',
  reasonRequired: 'Please enter a reason.',
  noteRequired: 'Please enter a note.',
  noteTooLong: `A note must be at most ${RISK_NOTE_MAX} characters.`,
  invalidState: 'State must be open, dismissed or confirmed.',
  invalidPage: 'Page must be a whole number from 1.',
  invalidSetting: (label: string, max: number) => `${label} must be a number from 0 to ${max}.`,
  dismissed: 'Case dismissed.',
  confirmed: 'Case confirmed.',
  deactivateNotBoolean: 'Deactivate must be true or false.',
  noted: 'Note added.',
  settingsSaved: 'Risk settings saved.',
} as const;

// ---- settings --------------------------------------------------------------------------------------------

/** Each threshold: its label and upper bound (whole numbers unless said). */
export const RISK_SETTING_FIELDS = {
  cancellationWindowDays: { label: 'Cancellation window (days)', max: 365 },
  cancellationRatePercent: { label: 'Cancellation rate (%)', max: 100 },
  cancellationMinimumOrders: { label: 'Cancellation minimum orders', max: 100000 },
  burstBaselineDays: { label: 'Burst baseline (days)', max: 365 },
  burstFactor: { label: 'Burst factor', max: 1000 },
  burstMinimumOrders: { label: 'Burst minimum orders', max: 100000 },
  gamingWindowDays: { label: 'Threshold window (days)', max: 365 },
  gamingMarginPercent: { label: 'Threshold margin (%)', max: 100 },
  gamingSharePercent: { label: 'Threshold share (%)', max: 100 },
  gamingMinimumOrders: { label: 'Threshold minimum orders', max: 100000 },
  holdMinimumSeverity: { label: 'Hold from severity', max: 3 },
} as const;
export type RiskSettingKey = keyof typeof RISK_SETTING_FIELDS;
export type RiskSettings = Record<RiskSettingKey, number>;

const settingNumber = (key: RiskSettingKey) => {
  const { label, max } = RISK_SETTING_FIELDS[key];
  const message = RiskMessages.invalidSetting(label, max);
  return z
    .number({ error: message })
    .int({ error: message })
    .min(key === 'holdMinimumSeverity' || key.endsWith('Days') ? 1 : 0, { error: message })
    .max(max, { error: message });
};

const settingShape = Object.fromEntries(
  (Object.keys(RISK_SETTING_FIELDS) as RiskSettingKey[]).map((key) => [key, settingNumber(key)]),
) as Record<RiskSettingKey, ReturnType<typeof settingNumber>>;

export const RiskSettingsResponse = z.object({
  settings: z.object(settingShape),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type RiskSettingsResponse = z.infer<typeof RiskSettingsResponse>;

/** Any subset of the thresholds; the others keep their values. */
export const SaveRiskSettingsRequest = z.strictObject(settingShape).partial();
export type SaveRiskSettingsRequest = z.output<typeof SaveRiskSettingsRequest>;

// ---- cases -----------------------------------------------------------------------------------------------

const pageNumber = z
  .string({ error: RiskMessages.invalidPage })
  .trim()
  .regex(/^\d{1,6}$/, { error: RiskMessages.invalidPage })
  .transform(Number)
  .refine((value) => value >= 1, { error: RiskMessages.invalidPage });

export const RiskCasesQuery = z.object({
  state: z.enum(RISK_CASE_STATES, { error: RiskMessages.invalidState }).optional(),
  page: pageNumber.optional(),
});
export type RiskCasesQuery = z.input<typeof RiskCasesQuery>;

/** Path parameter :caseId: a positive whole number, else 404. */
export const RiskCaseIdParam = z.string().regex(/^[1-9]\d{0,17}$/);

export const RiskCaseSummary = z.object({
  caseId: z.number().int(),
  affiliateId: z.number().int(),
  affiliateCode: z.string(),
  affiliateName: z.string(),
  kind: z.enum(RISK_CASE_KINDS),
  severity: z.number().int().min(1).max(3),
  state: z.enum(RISK_CASE_STATES),
  summary: z.string(),
  openedAt: z.string(),
  seenAt: z.string(),
  closedAt: z.string().nullable(),
  /** Other open cases of the same affiliate (its other signals). */
  otherOpenCases: z.number().int(),
});
export type RiskCaseSummary = z.infer<typeof RiskCaseSummary>;

export const RiskCasesPage = z.object({
  results: z.array(RiskCaseSummary),
  totalCount: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type RiskCasesPage = z.infer<typeof RiskCasesPage>;

/** One evidence row as the signal found it; numbers of other affiliates are masked ('••••••••562'). */
export const RiskEvidenceRow = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export type RiskEvidenceRow = z.infer<typeof RiskEvidenceRow>;

export const RiskCaseEvent = z.object({
  action: z.string(),
  remark: z.string().nullable(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});

export const RiskCaseDetail = z.object({
  case: RiskCaseSummary.extend({ closedBy: z.string().nullable(), closeReason: z.string().nullable() }),
  evidence: z.object({
    rows: z.array(RiskEvidenceRow),
    figures: z.record(z.string(), z.union([z.string(), z.number()])),
  }),
  /** The affiliate's other open cases: its other signals. */
  signals: z.array(RiskCaseSummary),
  /** Sums of the affiliate's ledger entries: earned + reversed + clawedBack + adjustments = total; paid is part of it. */
  ledger: z.object({
    earned: z.string(),
    reversed: z.string(),
    clawedBack: z.string(),
    adjustments: z.string(),
    total: z.string(),
    paid: z.string(),
  }),
  recentOrders: z.array(
    z.object({
      orderId: z.number().int(),
      orderCode: z.string(),
      orderDate: z.string(),
      retailerCode: z.string(),
      orderValue: z.string(),
      status: z.string(),
      commission: z.string(),
    }),
  ),
  history: z.array(RiskCaseEvent),
});
export type RiskCaseDetail = z.infer<typeof RiskCaseDetail>;

const noteText = (required: string) =>
  z
    .string({ error: required })
    .refine((value) => !hasControlCharacters(value.replace(/[\r\n\t]/g, ' ')), {
      error: TextMessages.controlCharacters,
      abort: true,
    })
    .transform((value) => value.trim().replace(/\s+/g, ' '))
    .refine((value) => value.length > 0, { error: required })
    .refine((value) => value.length <= RISK_NOTE_MAX, { error: RiskMessages.noteTooLong });

export const DismissRiskCaseRequest = z.strictObject({ reason: noteText(RiskMessages.reasonRequired) });
export type DismissRiskCaseRequest = z.output<typeof DismissRiskCaseRequest>;
/**
 * Confirming withdraws the commission of the case's orders through the ledger (unpaid: reversed; paid: clawed
 * back from the next payout) and, when `deactivate` is true, makes the affiliate Inactive; all in one transaction.
 */
export const ConfirmRiskCaseRequest = z.strictObject({
  note: noteText(RiskMessages.noteRequired),
  deactivate: z.boolean({ error: RiskMessages.deactivateNotBoolean }).optional(),
});
export type ConfirmRiskCaseRequest = z.output<typeof ConfirmRiskCaseRequest>;

/** What a confirmation did: the orders it withdrew commission from, the sum withdrawn (naira text), deactivation. */
export const ConfirmRiskCaseResponse = z.object({
  message: z.string(),
  withdrawnOrders: z.number().int(),
  withdrawnAmount: z.string(),
  deactivated: z.boolean(),
});
export type ConfirmRiskCaseResponse = z.infer<typeof ConfirmRiskCaseResponse>;
export const RiskNoteRequest = z.strictObject({ note: noteText(RiskMessages.noteRequired) });
export type RiskNoteRequest = z.output<typeof RiskNoteRequest>;

export const RiskScanResponse = z.object({ opened: z.number().int(), refreshed: z.number().int() });
export type RiskScanResponse = z.infer<typeof RiskScanResponse>;
