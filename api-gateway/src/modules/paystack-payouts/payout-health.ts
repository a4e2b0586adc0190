import type { AppContext } from '../../context';
import { recordProviderResult } from '../messaging';
import { PAYSTACK_RAIL } from '../payouts';

/**
 * A Paystack Transfers call answered (error null) or not, for staff's /api/health (channel 'payouts'), as the
 * message providers record theirs. Never throws.
 */
export function recordPayoutProviderResult(ctx: AppContext, error: string | null): Promise<void> {
  return recordProviderResult(ctx, 'payouts', PAYSTACK_RAIL.id, error);
}
