// The affiliate's Payouts page's calls without zod (issue 51: agents open it on budget phones): answers are
// checked by the tested zod-free twins. AffiliatePayoutEndpoints (endpoints/payouts.ts) spreads these and adds
// the zod schemas the gateway and the API documentation use, so each path is still written once.
import { defineEndpoint } from '../endpoint';
import { AffiliatePayoutsResponseCheck, ExcelPathResponseCheck } from '../api/affiliate-payouts-check';
import type { AffiliatePayoutsQuery, AffiliatePayoutsResponse } from '../api/payouts';

const AFFILIATE = { anyRight: ['affiliate_payouts'] } as const;

export const AffiliatePayoutsPageEndpoints = {
  // The query's schema is named as a type only (the caller's parameters are typed by it); the gateway's
  // definition carries the schema itself.
  payouts: defineEndpoint<
    '/affiliate/payouts',
    typeof AFFILIATE,
    undefined,
    typeof AffiliatePayoutsQuery,
    AffiliatePayoutsResponse
  >({
    method: 'get',
    path: '/affiliate/payouts',
    tag: 'Payouts',
    summary:
      "The signed-in affiliate's Payouts page: cards (pending with the date the earliest becomes available, " +
      'available, in payout, paid this year), its payouts, and the explanations (holding, reversals, clawbacks, ' +
      'adjustments with their reasons).',
    auth: AFFILIATE,
    answer: { description: 'Cards and two pages', schema: AffiliatePayoutsResponseCheck },
  }),
  advice: defineEndpoint({
    method: 'post',
    path: '/affiliate/payouts/:lineId/advice',
    tag: 'Payouts',
    summary:
      'The remittance advice of one of my payouts as a single-use download link: the orders it pays with their ' +
      'commission, adjustments, clawbacks, deductions and net. Another affiliate\u2019s payout: 404.',
    auth: AFFILIATE,
    answer: { description: 'The download link', schema: ExcelPathResponseCheck },
  }),
};
