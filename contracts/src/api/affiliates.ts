import { z } from 'zod';
import { Messages } from '../messages';
import { AFFILIATE_STATUSES, AffiliateStatus, RoleId } from '../roles';
import { BankVerification } from './bank-verification';
import { SearchText, withoutControlCharacters } from './common';

/** The spec's page size for the affiliate list (spec §9). */
export const AFFILIATE_PAGE_SIZE = 10;
export const AFFILIATE_MAX_PAGE_SIZE = 100;
export const REMARK_MAX_LENGTH = 1000;

/** Messages the spec leaves to us for affiliate management; the spec's own are in `Messages`. */
export const AffiliateMessages = {
  activated: 'Activated successfully.',
  notFound: 'Affiliate not found.',
  invalidId: 'Affiliate ID must be a positive whole number.',
  remarkTooLong: `Remark must be at most ${REMARK_MAX_LENGTH} characters.`,
  remarkNotText: 'Remark must be text.',
  isActiveRequired: 'Please say whether to approve (isActive true) or reject (isActive false).',
  unknownSetActiveStatus: "status must be 'active' or 'inactive'.",
  invalidStatusFilter: 'status must be one of: all, active, pending, rejected, inactive, or a status name.',
  invalidPage: 'Page must be a whole number of 1 or more.',
  invalidPageSize: `Page size must be a whole number from 1 to ${AFFILIATE_MAX_PAGE_SIZE}.`,
  invalidExpectedStatus: `expectedStatus must be one of: ${AFFILIATE_STATUSES.join(', ')}.`,
} as const;

/** What a decision made on a stale screen meets: someone else changed the status first (409). */
const ALREADY_DONE: Record<string, (by: string) => string> = {
  'affiliate.approve': (by) => `Already approved${by}.`,
  'affiliate.reject': (by) => `Already rejected${by}.`,
  'affiliate.activate': (by) => `Already activated${by}.`,
  'affiliate.inactivate': (by) => `Already made inactive${by}.`,
  'affiliate.rekyc': () => 'The affiliate has resubmitted KYC since; please review the new details.',
};

/**
 * The 409 message when the affiliate is no longer in the status the decision was made against: the last
 * change and who made it ('Already approved by Ada Obi.'), or the status it is in now when none is recorded.
 */
export function alreadyDecidedMessage(
  status: AffiliateStatus,
  lastChange?: { action: string; actorName: string | null } | null,
): string {
  const describe = lastChange ? ALREADY_DONE[lastChange.action] : undefined;
  if (!describe) return `This affiliate is now ${status}.`;
  return describe(lastChange?.actorName ? ` by ${lastChange.actorName}` : '');
}

// ---- status machine (spec §4), the one table the gateway enforces and the view modal reads ----------

export const AffiliateAction = {
  Approve: 'approve',
  Reject: 'reject',
  Activate: 'activate',
  Inactivate: 'inactivate',
} as const;
export type AffiliateAction = (typeof AffiliateAction)[keyof typeof AffiliateAction];

interface TransitionRule {
  action: AffiliateAction;
  from: AffiliateStatus;
  /** `restore` is the status the affiliate had before it was made inactive (see `activationTarget`). */
  to: AffiliateStatus | 'restore';
  roles: readonly RoleId[];
  remarkRequired: boolean;
}

const STAFF = [RoleId.Admin, RoleId.Backoffice] as const;
const ADMIN_ONLY = [RoleId.Admin] as const;

export const AFFILIATE_TRANSITIONS: readonly TransitionRule[] = [
  { action: 'approve', from: 'KYC Pending', to: 'KYC Complete', roles: STAFF, remarkRequired: false },
  { action: 'approve', from: 'KYC Rejected', to: 'KYC Complete', roles: STAFF, remarkRequired: false },
  { action: 'reject', from: 'KYC Pending', to: 'KYC Rejected', roles: STAFF, remarkRequired: true },
  { action: 'reject', from: 'KYC Complete', to: 'KYC Rejected', roles: ADMIN_ONLY, remarkRequired: true },
  { action: 'activate', from: 'Inactive', to: 'restore', roles: ADMIN_ONLY, remarkRequired: false },
  { action: 'inactivate', from: 'KYC Pending', to: 'Inactive', roles: STAFF, remarkRequired: false },
  { action: 'inactivate', from: 'KYC Complete', to: 'Inactive', roles: STAFF, remarkRequired: false },
  { action: 'inactivate', from: 'KYC Rejected', to: 'Inactive', roles: STAFF, remarkRequired: false },
];

/**
 * Where an admin's "Active" takes an Inactive affiliate: back to the status it had when it was made
 * inactive. With none recorded it goes back to the review queue, so activation never grants KYC
 * Complete without a recorded approval.
 */
export function activationTarget(statusBeforeInactive: string | null | undefined): AffiliateStatus {
  const previous = AFFILIATE_STATUSES.find((status) => status === statusBeforeInactive);
  return previous && previous !== AffiliateStatus.Inactive ? previous : AffiliateStatus.Pending;
}

export type TransitionCheck =
  | { ok: true; to: AffiliateStatus | 'restore'; remarkRequired: boolean }
  | { ok: false; reason: 'role' | 'state'; message: string };

const STATE_MESSAGES: Record<AffiliateAction, (from: AffiliateStatus) => string> = {
  approve: (from) => `Only a KYC Pending or KYC Rejected affiliate can be approved; this one is ${from}.`,
  reject: (from) => `Only a KYC Pending or KYC Complete affiliate can be rejected; this one is ${from}.`,
  activate: (from) => `Only an Inactive affiliate can be activated; this one is ${from}.`,
  inactivate: () => 'This affiliate is already Inactive.',
};

const ROLE_MESSAGES: Record<AffiliateAction, string> = {
  approve: 'You are not allowed to approve affiliates.',
  reject: 'Only an admin can reject an affiliate whose KYC is complete.',
  activate: 'Only an admin can activate an affiliate.',
  inactivate: 'You are not allowed to make affiliates inactive.',
};

/**
 * Whether `roleID` may apply `action` to an affiliate in `from`. A transition the table has for no
 * role from that status is a state conflict (409); one that exists for other roles only is a role
 * refusal (403).
 */
export function checkAffiliateTransition(
  roleID: number,
  from: AffiliateStatus,
  action: AffiliateAction,
): TransitionCheck {
  const rule = AFFILIATE_TRANSITIONS.find(
    (candidate) => candidate.action === action && candidate.from === from,
  );
  if (!rule) return { ok: false, reason: 'state', message: STATE_MESSAGES[action](from) };
  if (!(rule.roles as readonly number[]).includes(roleID)) {
    return { ok: false, reason: 'role', message: ROLE_MESSAGES[action] };
  }
  return { ok: true, to: rule.to, remarkRequired: rule.remarkRequired };
}

/** The actions a role may take on an affiliate in a status: the view modal's buttons plus the list's delete. */
export function allowedAffiliateActions(roleID: number, status: AffiliateStatus): AffiliateAction[] {
  return AFFILIATE_TRANSITIONS.filter(
    (rule) => rule.from === status && (rule.roles as readonly number[]).includes(roleID),
  ).map((rule) => rule.action);
}

// ---- list -------------------------------------------------------------------------------------------

/** Dashboard links say active/pending/all (spec §2); the status filter may also send the status names. */
const STATUS_FILTER_ALIASES: Record<string, AffiliateStatus | 'all'> = {
  all: 'all',
  active: AffiliateStatus.Complete,
  complete: AffiliateStatus.Complete,
  pending: AffiliateStatus.Pending,
  rejected: AffiliateStatus.Rejected,
  inactive: AffiliateStatus.Inactive,
  ...Object.fromEntries(AFFILIATE_STATUSES.map((status) => [status.toLowerCase(), status])),
};

/** `status` query value → a status, or undefined for all. Unknown values are a 400. */
export const AffiliateStatusFilter = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === '') return undefined;
    // Own keys only: `constructor` or `__proto__` would otherwise find Object's and reach the SQL (a 500).
    const key = value.toLowerCase();
    const status = Object.hasOwn(STATUS_FILTER_ALIASES, key) ? STATUS_FILTER_ALIASES[key] : undefined;
    if (!status) {
      ctx.addIssue({ code: 'custom', message: AffiliateMessages.invalidStatusFilter });
      return z.NEVER;
    }
    return status === 'all' ? undefined : status;
  });

const positiveIntFromQuery = (message: string, max?: number) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,9}$/, { error: message })
    .transform(Number)
    .refine((value) => value >= 1 && (max === undefined || value <= max), { error: message });

/**
 * Query of `GET backoffice/affiliate`. With none of these parameters the call answers the whole list (an
 * array, as before); with any of them it answers one page (`AffiliatePage`).
 */
export const AffiliateListQuery = z.object({
  page: positiveIntFromQuery(AffiliateMessages.invalidPage).optional(),
  pageSize: positiveIntFromQuery(AffiliateMessages.invalidPageSize, AFFILIATE_MAX_PAGE_SIZE).optional(),
  search: SearchText.optional(),
  status: AffiliateStatusFilter.optional(),
});
export type AffiliateListQuery = z.input<typeof AffiliateListQuery>;

/** The spec's Affiliate entity (spec §3). Dates are ISO 8601 instants; the UI shows them as yyyy-MM-dd. */
export const AffiliateSummary = z.object({
  affiliateID: z.number().int(),
  affiliateCode: z.string(),
  fullName: z.string(),
  email: z.string(),
  phoneCode: z.string(),
  mobileNumber: z.string(),
  identityType: z.enum(['BVN', 'NIN']),
  ninOrBVN: z.string(),
  bankID: z.number().int(),
  accountNumber: z.string(),
  /** Storage key of the selfie, for `GET media?fileUrl=`; null when none was stored. */
  selfieImagePath: z.string().nullable(),
  status: z.enum(AFFILIATE_STATUSES as [AffiliateStatus, ...AffiliateStatus[]]),
  createdDate: z.string(),
});
export type AffiliateSummary = z.infer<typeof AffiliateSummary>;

export const AffiliateListResponse = z.array(AffiliateSummary);

export const AffiliatePage = z.object({
  results: z.array(AffiliateSummary),
  totalCount: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type AffiliatePage = z.infer<typeof AffiliatePage>;

// ---- numbers (issue 29) ---------------------------------------------------------------------------

/**
 * The clear BVN/NIN and account number behind the masked ones (`••••••••562`) every other answer carries:
 * `GET backoffice/affiliate/{id}/numbers` (staff; each call is an audit row) and `GET user/profile/numbers`
 * (the affiliate's own).
 */
export const IdentityNumbersResponse = z.object({ ninOrBVN: z.string(), accountNumber: z.string() });
export type IdentityNumbersResponse = z.infer<typeof IdentityNumbersResponse>;

/** Issue 48: staff reveal one number per call (each its own audit row): `?field=ninOrBVN` or `accountNumber`. */
export const REVEALABLE_NUMBERS = ['ninOrBVN', 'accountNumber'] as const;
export type RevealableNumber = (typeof REVEALABLE_NUMBERS)[number];
export const RevealNumberQuery = z.object({
  field: z.enum(REVEALABLE_NUMBERS, { error: 'field must be ninOrBVN or accountNumber.' }),
});
export type RevealNumberQuery = z.input<typeof RevealNumberQuery>;
export const RevealedNumberResponse = z.object({ field: z.enum(REVEALABLE_NUMBERS), value: z.string() });
export type RevealedNumberResponse = z.infer<typeof RevealedNumberResponse>;

export const IdentityNumbersMessages = {
  noNumbers: 'There are no identity or bank numbers on this account.',
} as const;

// ---- details --------------------------------------------------------------------------------------

/** Same identity seen on another affiliate at registration (never blocking; shown to the reviewer). */
export const AffiliateFlag = z.object({
  kind: z.enum(['ninOrBVN', 'accountNumber', 'mobileNumber']),
  otherAffiliateID: z.number().int(),
  otherAffiliateCode: z.string(),
  otherFullName: z.string(),
  otherStatus: z.string(),
  flaggedOn: z.string(),
});
export type AffiliateFlag = z.infer<typeof AffiliateFlag>;

/** One audit row of an affiliate: who, when, from, to, remark. */
export const AffiliateHistoryEntry = z.object({
  auditID: z.number().int(),
  /** e.g. `affiliate.approve`; `title` is the same in words ('KYC approved'). */
  action: z.string(),
  title: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  remark: z.string().nullable(),
  actorName: z.string().nullable(),
  actorRole: z.string().nullable(),
  createdOn: z.string(),
});
export type AffiliateHistoryEntry = z.infer<typeof AffiliateHistoryEntry>;

export const AffiliateDetails = AffiliateSummary.extend({
  bankName: z.string(),
  countryID: z.number().int(),
  countryName: z.string(),
  /** The remark of the latest decision. */
  remark: z.string().nullable(),
  updatedDate: z.string(),
  flags: z.array(AffiliateFlag),
  /** The account name resolved for the bank details (issue 27); null: 'not verified'. */
  bankVerification: BankVerification.nullable(),
  history: z.array(AffiliateHistoryEntry),
  /** What the caller may do now, from `allowedAffiliateActions` (the modal's buttons and the list's delete). */
  allowedActions: z.array(z.enum(['approve', 'reject', 'activate', 'inactivate'])),
  /** Issue 29: when an admin erased its personal data (ISO instant); null or absent: not erased. */
  erasedOn: z.string().nullable().optional(),
  /** Issue 29: the caller may erase it now (an admin, the affiliate Inactive and not erased yet). */
  canErase: z.boolean().optional(),
  /** Issue 48: when the affiliate asked for erasure from its Profile (ISO instant); null or absent: it has not. */
  erasureRequestedOn: z.string().nullable().optional(),
});
export type AffiliateDetails = z.infer<typeof AffiliateDetails>;

// ---- decisions ------------------------------------------------------------------------------------

const affiliateIdField = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], {
    error: AffiliateMessages.invalidId,
  })
  .pipe(
    z.number({ error: AffiliateMessages.invalidId }).int({ error: AffiliateMessages.invalidId }).positive({
      error: AffiliateMessages.invalidId,
    }),
  );

const remarkField = withoutControlCharacters(
  z
    .string({ error: AffiliateMessages.remarkNotText })
    .trim()
    .max(REMARK_MAX_LENGTH, { error: AffiliateMessages.remarkTooLong }),
)
  .nullish()
  .transform((value) => (value ? value : undefined));

/**
 * Beyond the spec's payload: the status the person saw when deciding. When the affiliate has moved on
 * since (another user decided first), the call is refused with 409 and `alreadyDecidedMessage`.
 * Optional, so the spec's `{affiliateID, isActive, remark}` stays valid.
 */
const expectedStatusField = z
  .enum(AFFILIATE_STATUSES as [AffiliateStatus, ...AffiliateStatus[]], {
    error: AffiliateMessages.invalidExpectedStatus,
  })
  .optional();

/** `POST backoffice/affiliate/kyc`: isActive true approves, false rejects; a rejection needs a remark. */
export const KycDecisionRequest = z
  .object({
    affiliateID: affiliateIdField,
    isActive: z.boolean({ error: AffiliateMessages.isActiveRequired }),
    remark: remarkField,
    expectedStatus: expectedStatusField,
  })
  .refine((body) => body.isActive || Boolean(body.remark), {
    path: ['remark'],
    error: Messages.remarkRequired,
  });
export type KycDecisionRequest = z.input<typeof KycDecisionRequest>;

/** `POST backoffice/affiliate/set-active?status=active|inactive`: the same payload; the query decides. */
export const SetActiveRequest = z.object({
  affiliateID: affiliateIdField,
  isActive: z.boolean().optional(),
  remark: remarkField,
  expectedStatus: expectedStatusField,
});
export type SetActiveRequest = z.input<typeof SetActiveRequest>;

export const SetActiveQuery = z.object({
  status: z
    .string({ error: AffiliateMessages.unknownSetActiveStatus })
    .trim()
    .toLowerCase()
    .pipe(z.enum(['active', 'inactive'], { error: AffiliateMessages.unknownSetActiveStatus })),
});

export const AffiliateDecisionResponse = z.object({
  message: z.string(),
  affiliateID: z.number().int(),
  status: z.enum(AFFILIATE_STATUSES as [AffiliateStatus, ...AffiliateStatus[]]),
});
export type AffiliateDecisionResponse = z.infer<typeof AffiliateDecisionResponse>;

// ---- media ------------------------------------------------------------------------------------------

export const MediaMessages = {
  fileUrlRequired: 'Please provide fileUrl.',
  notFound: 'File not found.',
  forbidden: 'You are not allowed to see this file.',
} as const;

/** `GET media?fileUrl=`: fileUrl is a stored selfie's path (selfieImagePath). Answers the image bytes. */
export const MediaQuery = z.object({
  fileUrl: withoutControlCharacters(
    z
      .string({ error: MediaMessages.fileUrlRequired })
      .trim()
      .min(1, { error: MediaMessages.fileUrlRequired })
      .max(300, { error: MediaMessages.notFound }),
  ),
});
