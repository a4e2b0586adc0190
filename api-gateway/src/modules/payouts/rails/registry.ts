import type { PayoutProvider } from '@portal/contracts';
import type { AppConfig } from '../../../config';
import { BANK_FILE_RAIL } from './bank-file-rail';
import type { PayoutRail } from './payout-rail';
import { PAYSTACK_RAIL } from './paystack-rail';

const RAILS: Record<PayoutProvider, PayoutRail> = {
  [BANK_FILE_RAIL.id]: BANK_FILE_RAIL,
  [PAYSTACK_RAIL.id]: PAYSTACK_RAIL,
};

/** The rail a run was created with (payout_runs.provider). */
export const railOf = (id: PayoutProvider): PayoutRail => RAILS[id];

/** A rail's name as people read it ('Bank file', 'Paystack'); the id itself for one no rail has. */
export const railLabel = (id: string): string => RAILS[id as PayoutProvider]?.label ?? id;

/**
 * The rail new runs are paid by: the configuration's (PAYOUT_PROVIDER, or Paystack when PAYSTACK_SECRET_KEY is
 * set: config.payouts), the bank file when it names none.
 */
export function configuredRail(config: AppConfig): PayoutRail {
  const payouts = (config as { payouts?: { provider?: PayoutProvider } }).payouts;
  return payouts?.provider === PAYSTACK_RAIL.id ? PAYSTACK_RAIL : BANK_FILE_RAIL;
}

/** The ids of the rails that answer `test`, as an SQL list for `provider IN …` (ids are fixed words). */
export function railIdsSql(test: (rail: PayoutRail) => boolean): string {
  const ids = Object.values(RAILS)
    .filter(test)
    .map((rail) => `'${rail.id}'`);
  return `(${ids.length ? ids.join(', ') : 'NULL'})`;
}
