import { act, renderHook } from '@testing-library/react';
import { useOtpFlow } from '../use-otp-flow';

describe('useOtpFlow', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('moves to sent and counts 30 seconds down to zero after a successful send', async () => {
    const { result } = renderHook(() => useOtpFlow());
    await act(() =>
      result.current.send(() => Promise.resolve({ message: 'An OTP has been sent to your email.' })),
    );
    expect(result.current.phase).toBe('sent');
    expect(result.current.sentMessage).toBe('An OTP has been sent to your email.');
    expect(result.current.resendIn).toBe(30);
    act(() => jest.advanceTimersByTime(10_000));
    expect(result.current.resendIn).toBe(20);
    act(() => jest.advanceTimersByTime(20_000));
    expect(result.current.resendIn).toBe(0);
  });

  it('stays where it was when the call fails', async () => {
    const { result } = renderHook(() => useOtpFlow());
    const sent = await act(() => result.current.send(() => Promise.reject(new Error('429'))));
    expect(sent).toBe(false);
    expect(result.current.phase).toBe('idle');
    expect(result.current.resendIn).toBe(0);
    expect(result.current.busy).toBeNull();
  });

  it('restarts the countdown on resend, stops it on verify, and starts over on reset', async () => {
    const { result } = renderHook(() => useOtpFlow());
    await act(() => result.current.send(() => Promise.resolve({ message: 'Sent.' })));
    act(() => jest.advanceTimersByTime(30_000));
    await act(() => result.current.resend(() => Promise.resolve({ message: 'Sent again.' })));
    expect(result.current.resendIn).toBe(30);
    expect(result.current.sentMessage).toBe('Sent again.');
    await act(() => result.current.verify(() => Promise.resolve()));
    expect(result.current.phase).toBe('verified');
    expect(result.current.resendIn).toBe(0);
    expect(result.current.sentMessage).toBeNull();
    act(() => result.current.reset());
    expect(result.current.phase).toBe('idle');
  });

  it('reports the call in flight', async () => {
    const { result } = renderHook(() => useOtpFlow());
    let finish: () => void = () => undefined;
    let done: Promise<boolean> = Promise.resolve(false);
    act(() => {
      done = result.current.verify(() => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(result.current.busy).toBe('verify');
    await act(async () => {
      finish();
      await done;
    });
    expect(result.current.busy).toBeNull();
  });
});
