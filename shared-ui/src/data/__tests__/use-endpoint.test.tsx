import { renderHook, waitFor } from '@testing-library/react';
import { AffiliateEndpoints } from '@portal/contracts';
import { callEndpoint } from '../../http-client';
import { useEndpoint } from '../use-endpoint';

jest.mock('../../http-client', () => ({ callEndpoint: jest.fn() }));

describe('useEndpoint', () => {
  beforeEach(() => jest.mocked(callEndpoint).mockReset());

  it("calls the definition with the input and a signal, and gives the screen the answer", async () => {
    jest.mocked(callEndpoint).mockResolvedValue({ affiliateID: 7 });
    const { result } = renderHook(() => useEndpoint(AffiliateEndpoints.details, { params: { id: '7' } }));
    expect(result.current.state).toBe('loading');
    await waitFor(() => expect(result.current.state).toBe('ready'));
    expect(result.current.data).toEqual({ affiliateID: 7 });
    expect(callEndpoint).toHaveBeenCalledWith(
      AffiliateEndpoints.details,
      { params: { id: '7' } },
      { signal: expect.any(AbortSignal) },
    );
  });

  it('calls again when the input changes, not when an equal input is a new object', async () => {
    jest.mocked(callEndpoint).mockResolvedValue({});
    const { result, rerender } = renderHook(
      ({ id }) => useEndpoint(AffiliateEndpoints.details, { params: { id } }),
      { initialProps: { id: '7' } },
    );
    await waitFor(() => expect(result.current.state).toBe('ready'));
    rerender({ id: '7' });
    expect(callEndpoint).toHaveBeenCalledTimes(1);
    rerender({ id: '8' });
    await waitFor(() => expect(callEndpoint).toHaveBeenCalledTimes(2));
    expect(jest.mocked(callEndpoint).mock.calls[1][1]).toEqual({ params: { id: '8' } });
  });

  it('loads nothing while disabled', () => {
    renderHook(() => useEndpoint(AffiliateEndpoints.details, { params: { id: '7' } }, { enabled: false }));
    expect(callEndpoint).not.toHaveBeenCalled();
  });
});
