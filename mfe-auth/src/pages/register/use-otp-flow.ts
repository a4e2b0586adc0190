import { useCallback, useState } from 'react';
import { OTP_RESEND_SECONDS } from '@portal/contracts/registration-start';
import { useCountdown } from './use-countdown';

/** idle: nothing sent yet; sent: an OTP awaits verification; verified: the code was accepted. */
export type OtpPhase = 'idle' | 'sent' | 'verified';
export type OtpAction = 'send' | 'resend' | 'verify';

export interface OtpFlow {
  phase: OtpPhase;
  /** The call in flight, if any. */
  busy: OtpAction | null;
  /** Seconds before Resend OTP is offered again (spec §4: 30 seconds). */
  resendIn: number;
  /**
   * The server's answer to the last send or resend ('An OTP has been sent to your email.'), shown under the code
   * field where the eye already is, not as a toast over the page (issue 51); null before a send and once verified.
   */
  sentMessage: string | null;
  /** Each runs its call; the phase moves on only when the call succeeds. Resolves with that success. */
  send(call: () => Promise<{ message: string }>): Promise<boolean>;
  resend(call: () => Promise<{ message: string }>): Promise<boolean>;
  verify(call: () => Promise<unknown>): Promise<boolean>;
  /** Back to the start, e.g. after the address it was sent to changed. */
  reset(): void;
}

/** The send → countdown → resend → verify sequence shared by the email and mobile steps (spec §4). */
export function useOtpFlow(resendSeconds: number = OTP_RESEND_SECONDS): OtpFlow {
  const [phase, setPhase] = useState<OtpPhase>('idle');
  const [busy, setBusy] = useState<OtpAction | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const countdown = useCountdown(resendSeconds);
  const { start, stop } = countdown;

  const run = useCallback(
    async (action: OtpAction, call: () => Promise<unknown>, next: OtpPhase): Promise<boolean> => {
      setBusy(action);
      let answer: unknown;
      try {
        answer = await call();
      } catch {
        // The HTTP client already showed the server's message (wrong code, wait before resending...).
        return false;
      } finally {
        setBusy(null);
      }
      setPhase(next);
      if (next === 'sent') {
        setSentMessage((answer as { message: string }).message);
        start();
      } else {
        setSentMessage(null);
        stop();
      }
      return true;
    },
    [start, stop],
  );

  const send = useCallback((call: () => Promise<{ message: string }>) => run('send', call, 'sent'), [run]);
  const resend = useCallback(
    (call: () => Promise<{ message: string }>) => run('resend', call, 'sent'),
    [run],
  );
  const verify = useCallback((call: () => Promise<unknown>) => run('verify', call, 'verified'), [run]);
  const reset = useCallback(() => {
    setPhase('idle');
    setSentMessage(null);
    stop();
  }, [stop]);

  return { phase, busy, resendIn: countdown.remaining, sentMessage, send, resend, verify, reset };
}
