import { AffiliatePayoutsPageEndpoints } from '@portal/contracts/affiliate-payouts';
import type { AffiliatePayoutsResponse } from '@portal/contracts/affiliate-payouts';
import { callEndpoint } from '@portal/shared-ui';

export interface PayoutsRequest {
  /** The payouts' page. */
  page: number;
  explanationsPage: number;
}

const FIRST_PAGES: PayoutsRequest = { page: 1, explanationsPage: 1 };
/** A prefetched answer older than this is asked for again (the page opened long after the visit began). */
export const PREFETCH_FRESH_MS = 10_000;
let prefetched: { answer: Promise<AffiliatePayoutsResponse>; at: number } | null = null;

/**
 * Asks for the first pages as soon as a visit opens on the page, before the page's file has arrived (issue 51);
 * quiet, so a failure is reported by the page's own call, made afresh.
 */
export function prefetchAffiliatePayouts(): void {
  const answer = callEndpoint(AffiliatePayoutsPageEndpoints.payouts, { query: FIRST_PAGES }, { quiet: true });
  answer.catch(() => undefined);
  prefetched = { answer, at: Date.now() };
}

/** `GET affiliate/payouts`: the cards, one page of payouts and one page of explanations. */
export async function fetchAffiliatePayouts(
  request: PayoutsRequest,
  signal?: AbortSignal,
): Promise<AffiliatePayoutsResponse> {
  const early = prefetched;
  prefetched = null;
  const firstPages =
    request.page === FIRST_PAGES.page && request.explanationsPage === FIRST_PAGES.explanationsPage;
  if (early && firstPages && Date.now() - early.at < PREFETCH_FRESH_MS) {
    const answer = await early.answer.catch(() => null);
    if (answer) return answer;
  }
  return callEndpoint(AffiliatePayoutsPageEndpoints.payouts, { query: request }, { signal });
}

/** `POST affiliate/payouts/:lineId/advice`: the server writes the advice and answers its single-use link. */
export async function requestRemittanceAdvice(lineId: number): Promise<string> {
  const { excelPath } = await callEndpoint(AffiliatePayoutsPageEndpoints.advice, {
    params: { lineId: String(lineId) },
  });
  return excelPath;
}
