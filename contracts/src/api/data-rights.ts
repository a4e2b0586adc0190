import { z } from 'zod';

/**
 * The affiliate's data rights (NDPA 2023, issue 29): the "My data" workbook from Profile, and an admin's
 * erasure of an inactive affiliate's personal data (financial records stay under its affiliate code).
 */
export const DataRightsMessages = {
  /** `GET user/my-data` for an account without an affiliate record (staff). */
  noAffiliateRecord: 'There is no affiliate record on this account to download.',
  erased: 'Personal data erased.',
  notInactive: 'Only an inactive affiliate can be erased. Make it inactive first.',
  alreadyErased: "This affiliate's personal data has already been erased.",
  erasedCannotActivate: "This affiliate's personal data was erased; it cannot be activated again.",
  notFound: 'Affiliate not found.',
  payoutInFlight: 'A payout to this affiliate is in progress. Erase it once the payout has settled.',
  /** Issue 48: pending or available commission would be lost with the account number. */
  moneyOwed: (owed: string) =>
    `${owed} is still owed to this affiliate. Pay it first, or record that it was settled another way.`,
  settledReasonLength: 'Say how it was settled, in 3 to 500 characters.',
  erasureRequested:
    'Your request to erase your personal data has been sent to the administrators. They will contact you.',
  erasureAlreadyRequested:
    'You have already asked for your personal data to be erased. The administrators have it.',
} as const;

/** Issue 48: what an affiliate is owed (naira, two decimals), shown before an erasure. */
export const MoneyOwed = z.object({
  pending: z.string().regex(/^-?\d+\.\d{2}$/),
  available: z.string().regex(/^-?\d+\.\d{2}$/),
  inPayout: z.string().regex(/^-?\d+\.\d{2}$/),
});
export type MoneyOwed = z.infer<typeof MoneyOwed>;

/** 'what is owed' in words: '₦8,750.00 pending and ₦999.99 available'; '' when nothing is. */
export function owedInWords(owed: MoneyOwed): string {
  const naira = (amount: string) =>
    new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' }).format(Number(amount));
  const parts = [
    [owed.pending, 'pending'],
    [owed.available, 'available'],
    [owed.inPayout, 'in a payout'],
  ]
    .filter(([amount]) => Number(amount) > 0)
    .map(([amount, what]) => `${naira(amount)} ${what}`);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * `POST admin/affiliate/erase/{id}`: settledOtherwise, when money is owed, is the admin's record of how it was
 * settled outside the portal (audited); without it such an erasure is refused.
 */
export const EraseAffiliateRequest = z.object({
  settledOtherwise: z
    .string({ error: DataRightsMessages.settledReasonLength })
    .trim()
    .min(3, { error: DataRightsMessages.settledReasonLength })
    .max(500, { error: DataRightsMessages.settledReasonLength })
    .optional(),
});
export type EraseAffiliateRequest = z.input<typeof EraseAffiliateRequest>;

/** `POST user/erasure-request`: the affiliate's own request, with an optional note. */
export const ErasureRequestBody = z.object({
  note: z.string().trim().max(500, { error: 'The note can be at most 500 characters.' }).optional(),
});
export type ErasureRequestBody = z.input<typeof ErasureRequestBody>;

/** The name every erased affiliate's personal fields are replaced with: 'Erased affiliate AFF1234'. */
export const erasedAffiliateName = (affiliateCode: string) => `Erased affiliate ${affiliateCode}`;

export const EraseAffiliateResponse = z.object({
  message: z.string(),
  affiliateID: z.number().int(),
  affiliateCode: z.string(),
});
export type EraseAffiliateResponse = z.infer<typeof EraseAffiliateResponse>;
