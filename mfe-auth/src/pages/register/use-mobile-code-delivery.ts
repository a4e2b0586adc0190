import { useEffect, useState } from 'react';
import { RegistrationMessages } from '@portal/contracts/registration-start';
import type { MobileOtpStatusResponse } from '@portal/contracts/registration-start';

/** How often the OTP step asks where the mobile code went, and for how long after a send. */
export const DELIVERY_POLL_MS = 5_000;
export const DELIVERY_POLL_FOR_MS = 3 * 60_000;

/**
 * Issue 27: while a mobile code awaits its entry, asks the server now and then where it went (WhatsApp, or SMS
 * once WhatsApp failed or was slow) and answers the sentence to show, or null while the usual 'sent to your
 * WhatsApp' holds. `sendKey` changes on every send or resend, which starts the polling over. Stops once the
 * code went by SMS or failed, and after a few minutes. Errors are quiet: this is a hint, not a step.
 */
export function useMobileCodeDelivery(
  active: boolean,
  sendKey: number,
  check: () => Promise<MobileOtpStatusResponse>,
): MobileOtpStatusResponse | null {
  const [status, setStatus] = useState<MobileOtpStatusResponse | null>(null);
  useEffect(() => {
    setStatus(null);
    if (!active) return undefined;
    let stopped = false;
    const startedAt = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const answer = await check();
        if (stopped) return;
        setStatus(answer);
        if (answer.channel === 'sms' || answer.state === 'failed') return;
      } catch {
        if (stopped) return;
      }
      if (Date.now() - startedAt < DELIVERY_POLL_FOR_MS)
        timer = setTimeout(() => void poll(), DELIVERY_POLL_MS);
    };
    timer = setTimeout(() => void poll(), DELIVERY_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, sendKey, check]);
  if (!status || (status.channel === 'whatsapp' && status.state !== 'failed')) return null;
  return status;
}

export const whatsappSentMessage = RegistrationMessages.mobileOtpSent;
