import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left before something may happen again (the OTP resend wait). `start()` restarts it.
 * Driven by a deadline rather than by counting ticks, so a throttled background tab stays correct.
 */
export function useCountdown(seconds: number): { remaining: number; start: () => void; stop: () => void } {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) setDeadline(null);
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback(() => {
    setRemaining(seconds);
    setDeadline(Date.now() + seconds * 1000);
  }, [seconds]);

  const stop = useCallback(() => {
    setDeadline(null);
    setRemaining(0);
  }, []);

  return { remaining, start, stop };
}
