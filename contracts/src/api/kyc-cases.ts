import { z } from 'zod';
import { withoutControlCharacters } from './common';

/** Issue 50: how long a case may wait in the queue before it is late (the team's service target). */
export const KYC_AGE_TARGET_HOURS = 24;
/** A claim nobody has acted on for this long is free for the next reviewer. */
export const KYC_CLAIM_IDLE_MINUTES = 30;
export const KYC_QUEUE_PAGE_SIZE = 25;
export const KYC_QUEUE_MAX_PAGE_SIZE = 100;

export const KycCaseMessages = {
  claimed: 'Case claimed.',
  alreadyYours: 'You are already reviewing this case.',
  released: 'Case released.',
  reassigned: 'Case reassigned.',
  queueEmpty: 'No cases are waiting for a reviewer.',
  notWaiting: 'This affiliate is not waiting for KYC review.',
  notYours: 'You are not reviewing this case.',
  reviewerNotStaff: 'The reviewer must be an active back-office or admin user.',
  invalidReviewer: 'Reviewer ID must be a positive whole number.',
  invalidSort: "sort must be 'age' or 'risk'.",
  invalidShow: "show must be 'all', 'unclaimed' or 'mine'.",
  invalidPage: 'Page must be a whole number of 1 or more.',
  invalidPageSize: `Page size must be a whole number from 1 to ${KYC_QUEUE_MAX_PAGE_SIZE}.`,
  noteRequired: 'Please write the note.',
  noteTooLong: 'A note must be at most 2000 characters.',
  noteAdded: 'Note added.',
} as const;

export const KYC_NOTE_MAX_LENGTH = 2000;

/** 409 when another reviewer holds the case: who, so the caller can ask them or an admin. */
export const heldByMessage = (reviewerName: string) => `${reviewerName} is reviewing this case.`;

/**
 * Why a case needs a closer look, worst first in the queue's risk order: the BVN/NIN, account or mobile is
 * another affiliate's too; the bank's account name matches the registered name poorly; the authority did not
 * find the number, or its names or photo did not match (issue 50, part 1).
 */
export const KYC_RISKS = ['duplicateIdentity', 'lowNameMatch', 'authorityCheckFailed'] as const;
export type KycRisk = (typeof KYC_RISKS)[number];
export const KYC_RISK_LABELS: Record<KycRisk, string> = {
  duplicateIdentity: 'Duplicate identity',
  lowNameMatch: 'Low name match',
  authorityCheckFailed: 'Authority check failed',
};

const positiveIntFromQuery = (message: string, max?: number) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,9}$/, { error: message })
    .transform(Number)
    .refine((value) => value >= 1 && (max === undefined || value <= max), { error: message });

/** `GET backoffice/kyc/queue`: oldest first (age) or riskiest first (risk); every case, the free ones or mine. */
export const KycQueueQuery = z.object({
  sort: z.enum(['age', 'risk'], { error: KycCaseMessages.invalidSort }).optional(),
  show: z.enum(['all', 'unclaimed', 'mine'], { error: KycCaseMessages.invalidShow }).optional(),
  page: positiveIntFromQuery(KycCaseMessages.invalidPage).optional(),
  pageSize: positiveIntFromQuery(KycCaseMessages.invalidPageSize, KYC_QUEUE_MAX_PAGE_SIZE).optional(),
});
export type KycQueueQuery = z.input<typeof KycQueueQuery>;

export const KycClaim = z.object({
  reviewerID: z.number().int(),
  reviewerName: z.string(),
  claimedOn: z.string(),
  /** When the claim lapses unless the reviewer acts on the case before then. */
  expiresOn: z.string(),
});
export type KycClaim = z.infer<typeof KycClaim>;

export const KycCaseSummary = z.object({
  affiliateID: z.number().int(),
  affiliateCode: z.string(),
  fullName: z.string(),
  identityType: z.enum(['BVN', 'NIN']),
  /** When the case entered the queue (registration or re-KYC), ISO instant. */
  queuedOn: z.string(),
  /** Whole hours waited so far. */
  ageHours: z.number().int(),
  overTarget: z.boolean(),
  risks: z.array(z.enum(KYC_RISKS)),
  /** The live claim; null when the case is free (never claimed, released, or idle past the limit). */
  claim: KycClaim.nullable(),
});
export type KycCaseSummary = z.infer<typeof KycCaseSummary>;

export const KycQueuePage = z.object({
  results: z.array(KycCaseSummary),
  totalCount: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  targetHours: z.number().int(),
});
export type KycQueuePage = z.infer<typeof KycQueuePage>;

/** The answer of claim, claim next and reassign: the case as it now stands. */
export const KycClaimResponse = z.object({
  message: z.string(),
  case: KycCaseSummary,
});
export type KycClaimResponse = z.infer<typeof KycClaimResponse>;

export const KycReleaseResponse = z.object({ message: z.string(), affiliateID: z.number().int() });
export type KycReleaseResponse = z.infer<typeof KycReleaseResponse>;

export const KycReassignRequest = z.object({
  reviewerID: z
    .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], {
      error: KycCaseMessages.invalidReviewer,
    })
    .pipe(
      z
        .number({ error: KycCaseMessages.invalidReviewer })
        .int({ error: KycCaseMessages.invalidReviewer })
        .positive({ error: KycCaseMessages.invalidReviewer })
        .max(Number.MAX_SAFE_INTEGER, { error: KycCaseMessages.invalidReviewer }),
    ),
});
export type KycReassignRequest = z.input<typeof KycReassignRequest>;

export const KycReviewer = z.object({ userID: z.number().int(), fullName: z.string(), role: z.string() });
export const KycReviewerList = z.array(KycReviewer);
export type KycReviewer = z.infer<typeof KycReviewer>;

/** The queue on the back-office dashboard: how many wait, how many are past the target, the oldest's hours. */
export const KycQueueAgeing = z.object({
  waiting: z.number().int(),
  overTarget: z.number().int(),
  oldestHours: z.number().int(),
  targetHours: z.number().int(),
});
export type KycQueueAgeing = z.infer<typeof KycQueueAgeing>;

/** `POST backoffice/kyc/case/{id}/notes`: a note for staff only. */
export const KycNoteRequest = z.object({
  body: withoutControlCharacters(
    z
      .string({ error: KycCaseMessages.noteRequired })
      .trim()
      .min(1, { error: KycCaseMessages.noteRequired })
      .max(KYC_NOTE_MAX_LENGTH, { error: KycCaseMessages.noteTooLong }),
  ),
});
export type KycNoteRequest = z.input<typeof KycNoteRequest>;

export const KycNote = z.object({
  noteID: z.number().int(),
  body: z.string(),
  authorName: z.string(),
  createdOn: z.string(),
});
export type KycNote = z.infer<typeof KycNote>;
export const KycNoteList = z.array(KycNote);

export const KycNoteResponse = z.object({ message: z.string(), note: KycNote });
export type KycNoteResponse = z.infer<typeof KycNoteResponse>;
