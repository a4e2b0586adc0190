import { act, renderHook } from '@testing-library/react';
import type { MobileOtpStatusResponse } from '@portal/contracts/registration-start';
import { DELIVERY_POLL_MS, useMobileCodeDelivery } from '../use-mobile-code-delivery';

const WHATSAPP: MobileOtpStatusResponse = {
  channel: 'whatsapp',
  state: 'sent',
  message: 'An OTP has been sent to your WhatsApp number.',
};
const SMS: MobileOtpStatusResponse = {
  channel: 'sms',
  state: 'sent',
  message: 'We sent the code by SMS to +234*******567.',
};

describe('useMobileCodeDelivery (issue 27)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  async function tick() {
    await act(async () => {
      jest.advanceTimersByTime(DELIVERY_POLL_MS);
    });
  }

  it('shows nothing while the code is on WhatsApp, then the SMS sentence, and stops asking', async () => {
    const check = jest
      .fn<Promise<MobileOtpStatusResponse>, []>()
      .mockResolvedValueOnce(WHATSAPP)
      .mockResolvedValue(SMS);
    const { result } = renderHook(() => useMobileCodeDelivery(true, 1, check));
    expect(result.current).toBeNull();
    await tick();
    expect(result.current).toBeNull();
    await tick();
    expect(result.current?.message).toBe('We sent the code by SMS to +234*******567.');
    await tick();
    await tick();
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('asks nothing while no code awaits entry, and forgets the answer on a new send', async () => {
    const check = jest.fn<Promise<MobileOtpStatusResponse>, []>().mockResolvedValue(SMS);
    const { result, rerender } = renderHook(
      ({ active, key }: { active: boolean; key: number }) => useMobileCodeDelivery(active, key, check),
      { initialProps: { active: false, key: 0 } },
    );
    await tick();
    expect(check).not.toHaveBeenCalled();
    rerender({ active: true, key: 1 });
    await tick();
    expect(result.current?.channel).toBe('sms');
    rerender({ active: true, key: 2 });
    expect(result.current).toBeNull();
  });

  it('a failed call shows nothing and is asked again', async () => {
    const check = jest
      .fn<Promise<MobileOtpStatusResponse>, []>()
      .mockRejectedValueOnce(new Error('503'))
      .mockResolvedValue({ channel: 'whatsapp', state: 'failed', message: 'We could not send the code.' });
    const { result } = renderHook(() => useMobileCodeDelivery(true, 1, check));
    await tick();
    expect(result.current).toBeNull();
    await tick();
    expect(result.current?.state).toBe('failed');
  });
});
