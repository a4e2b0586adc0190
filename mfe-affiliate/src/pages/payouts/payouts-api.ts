import { AffiliatePayoutsPageEndpoints } from '@portal/contracts/affiliate-payouts';
import type { AffiliatePayoutsResponse } from '@portal/contracts/affiliate-payouts';
import { callEndpoint } from '@portal/shared-ui';

export interface PayoutsRequest {
  /** The payouts' page. */
  page: number;
  explanationsPage: number;
}

/** `GET affiliate/payouts`: the cards, one page of payouts and one page of explanations. */
export async function fetchAffiliatePayouts(
  request: PayoutsRequest,
  signal?: AbortSignal,
): Promise<AffiliatePayoutsResponse> {
  return callEndpoint(AffiliatePayoutsPageEndpoints.payouts, { query: request }, { signal });
}

/** `POST affiliate/payouts/:lineId/advice`: the server writes the advice and answers its single-use link. */
export async function requestRemittanceAdvice(lineId: number): Promise<string> {
  const { excelPath } = await callEndpoint(AffiliatePayoutsPageEndpoints.advice, {
    params: { lineId: String(lineId) },
  });
  return excelPath;
}
