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
} as const;

/** The name every erased affiliate's personal fields are replaced with: 'Erased affiliate AFF1234'. */
export const erasedAffiliateName = (affiliateCode: string) => `Erased affiliate ${affiliateCode}`;

export const EraseAffiliateResponse = z.object({
  message: z.string(),
  affiliateID: z.number().int(),
  affiliateCode: z.string(),
});
export type EraseAffiliateResponse = z.infer<typeof EraseAffiliateResponse>;
