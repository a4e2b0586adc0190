import { z } from 'zod';
import { withoutControlCharacters } from './common';

// Issue 50, parts 3 and 4: the parts of a KYC decided one by one, and four eyes on a risky approval.

/** The parts a reviewer decides separately; the re-KYC page asks again only for the returned ones. */
export const KYC_PARTS = ['identityNumber', 'selfie', 'bankAccount'] as const;
export type KycPart = (typeof KYC_PARTS)[number];
export const KYC_PART_LABELS: Record<KycPart, string> = {
  identityNumber: 'Identity number (BVN/NIN)',
  selfie: 'Selfie',
  bankAccount: 'Bank account',
};
/** The reasons reviewers give most often, offered as choices; any other is typed as free text. */
export const KYC_PART_COMMON_REASONS: Record<KycPart, readonly string[]> = {
  identityNumber: [
    'Number does not match the registered name',
    'Number not found at the authority',
    'Number belongs to another person',
  ],
  selfie: [
    'Selfie blurred',
    'Face not fully visible',
    'Photo of a screen or a printout',
    'Not the same person',
  ],
  bankAccount: [
    'Account name does not match',
    'Account not found at the bank',
    'Account belongs to another person',
  ],
};
export const KYC_PART_REASON_MAX_LENGTH = 300;

/** Why an approval needs a second reviewer's confirmation. */
export const KYC_APPROVAL_RISKS = ['lowNameMatch', 'authorityFailed', 'authorityNotRun'] as const;
export type KycApprovalRisk = (typeof KYC_APPROVAL_RISKS)[number];
export const KYC_APPROVAL_RISK_LABELS: Record<KycApprovalRisk, string> = {
  lowNameMatch: 'Name match below the threshold',
  authorityFailed: 'Authority check failed',
  authorityNotRun: 'Authority check did not run',
};

export const KycPartMessages = {
  partsReturned: 'Returned to the affiliate for correction.',
  everyPart: 'Decide each part once: identity number, selfie and bank account.',
  unknownPart: "part must be 'identityNumber', 'selfie' or 'bankAccount'.",
  unknownOutcome: "outcome must be 'accepted' or 'returned'.",
  partsNotList: 'parts must be a list of the three part decisions.',
  reasonRequired: 'Give a reason for each returned part.',
  reasonNotText: 'A reason must be text.',
  reasonTooLong: `A reason must be at most ${KYC_PART_REASON_MAX_LENGTH} characters.`,
  reasonOnlyWhenReturned: 'Only a returned part has a reason.',
  noneReturned: 'Return at least one part, or approve the whole registration.',
  claimFirst: 'Claim the case before deciding its parts.',
  approvalRequested: 'Approval recorded. A second reviewer must confirm it.',
  ownApproval: 'You asked for this approval: a different reviewer must confirm it.',
  selfieNotReturned: 'Your selfie was not returned: there is no need to take it again.',
  selfieAgain: 'Please take your selfie again.',
  selfieSaved: 'Selfie saved. Submit to send it for review.',
} as const;

const reasonField = withoutControlCharacters(
  z
    .string({ error: KycPartMessages.reasonNotText })
    .trim()
    .max(KYC_PART_REASON_MAX_LENGTH, { error: KycPartMessages.reasonTooLong }),
)
  .nullish()
  .transform((value) => (value ? value : undefined));

export const KycPartDecisionInput = z.object({
  part: z.enum(KYC_PARTS, { error: KycPartMessages.unknownPart }),
  outcome: z.enum(['accepted', 'returned'], { error: KycPartMessages.unknownOutcome }),
  reason: reasonField,
});

/**
 * `POST backoffice/kyc/case/{id}/return-parts`: a verdict on each of the three parts, at least one returned,
 * each returned one with its reason. The affiliate goes to KYC Rejected and its re-KYC asks only for those.
 */
export const KycReturnPartsRequest = z
  .object({
    parts: z.array(KycPartDecisionInput, { error: KycPartMessages.partsNotList }).max(KYC_PARTS.length, {
      error: KycPartMessages.everyPart,
    }),
  })
  .superRefine((body, ctx) => {
    const seen = new Set(body.parts.map((decision) => decision.part));
    if (seen.size !== KYC_PARTS.length || body.parts.length !== KYC_PARTS.length)
      ctx.addIssue({ code: 'custom', message: KycPartMessages.everyPart, path: ['parts'] });
    body.parts.forEach((decision, index) => {
      if (decision.outcome === 'returned' && !decision.reason)
        ctx.addIssue({
          code: 'custom',
          message: KycPartMessages.reasonRequired,
          path: ['parts', index, 'reason'],
        });
      if (decision.outcome === 'accepted' && decision.reason)
        ctx.addIssue({
          code: 'custom',
          message: KycPartMessages.reasonOnlyWhenReturned,
          path: ['parts', index, 'reason'],
        });
    });
    if (!body.parts.some((decision) => decision.outcome === 'returned'))
      ctx.addIssue({ code: 'custom', message: KycPartMessages.noneReturned, path: ['parts'] });
  });
export type KycReturnPartsRequest = z.input<typeof KycReturnPartsRequest>;

export const KycPartDecision = z.object({
  part: z.enum(KYC_PARTS),
  outcome: z.enum(['accepted', 'returned']),
  reason: z.string().nullable(),
  decidedByName: z.string(),
  decidedOn: z.string(),
  /** Still waiting for the affiliate (a returned part) or still in force (an accepted one). */
  open: z.boolean(),
});
export type KycPartDecision = z.infer<typeof KycPartDecision>;

export const KycApprovalRequest = z.object({
  requestedByID: z.number().int(),
  requestedByName: z.string(),
  requestedOn: z.string(),
  remark: z.string().nullable(),
  reasons: z.array(z.enum(KYC_APPROVAL_RISKS)),
  /** The caller asked for it, so the caller cannot confirm it. */
  requestedByYou: z.boolean(),
});
export type KycApprovalRequest = z.infer<typeof KycApprovalRequest>;

/** `GET backoffice/kyc/case/{id}/review`: the latest verdict on each part, the four-eyes state. */
export const KycCaseReview = z.object({
  affiliateID: z.number().int(),
  /** The latest verdict per part (this round's when open, else the last one), at most one each. */
  parts: z.array(KycPartDecision),
  /** What would make an approval wait for a second reviewer now; empty: one reviewer approves. */
  approvalRisks: z.array(z.enum(KYC_APPROVAL_RISKS)),
  /** An approval waiting for its second reviewer, or null. */
  pendingApproval: KycApprovalRequest.nullable(),
});
export type KycCaseReview = z.infer<typeof KycCaseReview>;

export const KycReturnPartsResponse = z.object({
  message: z.string(),
  affiliateID: z.number().int(),
  returned: z.array(z.enum(KYC_PARTS)),
});
export type KycReturnPartsResponse = z.infer<typeof KycReturnPartsResponse>;

/** On the affiliate's re-KYC page: a part the reviewer returned and why. */
export const ReturnedKycPart = z.object({ part: z.enum(KYC_PARTS), reason: z.string() });
export type ReturnedKycPart = z.infer<typeof ReturnedKycPart>;

export const ReKycSelfieResponse = z.object({ message: z.string() });
export type ReKycSelfieResponse = z.infer<typeof ReKycSelfieResponse>;
