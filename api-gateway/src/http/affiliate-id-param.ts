import { AffiliateMessages } from '@portal/contracts';
import { badRequest } from './errors';

/** An affiliate's id in a path: digits only, 1 or more; anything else is a 400 in the product's words. */
export function affiliateIdParam(raw: string | undefined): number {
  if (!raw || !/^\d{1,15}$/.test(raw) || Number(raw) < 1) throw badRequest(AffiliateMessages.invalidId);
  return Number(raw);
}
