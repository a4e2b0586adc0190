import { callEndpoint } from '@portal/shared-ui';
import { PREFETCH_FRESH_MS, fetchAffiliatePayouts, prefetchAffiliatePayouts } from '../payouts-api';

jest.mock('@portal/shared-ui', () => ({ callEndpoint: jest.fn() }));
const call = jest.mocked(callEndpoint);
const ANSWER = { cards: {}, payouts: {}, explanations: {} } as never;

beforeEach(() => call.mockReset());

describe('the Payouts page asked for while its file loads (issue 51)', () => {
  it('answers the first pages from the prefetch once, quietly asked; the next call asks again', async () => {
    call.mockResolvedValue(ANSWER);
    prefetchAffiliatePayouts();
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0][1]).toEqual({ query: { page: 1, explanationsPage: 1 } });
    expect(call.mock.calls[0][2]).toEqual({ quiet: true });
    expect(await fetchAffiliatePayouts({ page: 1, explanationsPage: 1 })).toBe(ANSWER);
    expect(call).toHaveBeenCalledTimes(1);
    await fetchAffiliatePayouts({ page: 1, explanationsPage: 1 });
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('asks afresh, not quietly, when the prefetch failed, or for other pages', async () => {
    call.mockRejectedValueOnce(new Error('503')).mockResolvedValue(ANSWER);
    prefetchAffiliatePayouts();
    expect(await fetchAffiliatePayouts({ page: 1, explanationsPage: 1 })).toBe(ANSWER);
    expect(call).toHaveBeenCalledTimes(2);
    expect(call.mock.calls[1][2]).toEqual({ signal: undefined });

    prefetchAffiliatePayouts();
    await fetchAffiliatePayouts({ page: 2, explanationsPage: 1 });
    expect(call.mock.calls[3][1]).toEqual({ query: { page: 2, explanationsPage: 1 } });
  });

  it('asks afresh when the page opens long after the prefetch', async () => {
    call.mockResolvedValue(ANSWER);
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    prefetchAffiliatePayouts();
    now.mockReturnValue(1_000_000 + PREFETCH_FRESH_MS);
    await fetchAffiliatePayouts({ page: 1, explanationsPage: 1 });
    expect(call).toHaveBeenCalledTimes(2);
    now.mockRestore();
  });
});
