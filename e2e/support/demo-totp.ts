import { TOTP } from 'otpauth';

/**
 * The demo admin's authenticator (README, Demo accounts: development only). A code is accepted once, so sign-ins
 * of the same account within one 30-second step take the next step's code (the gateway allows ±1 step), and a
 * refused code (another worker took that step) is retried with a later one. Each refusal counts toward the
 * lockout until the next success, which starts the count afresh: a sign-in here refuses at most a few.
 */
export const DEMO_TOTP_SECRETS: Readonly<Record<string, string>> = {
  'admin@example.com': 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  'admin2@example.com': 'KRSXG5CTMVRXEZLUKN2XAZLSKNSWG4TF',
};

const PERIOD_MS = 30_000;
/** Per account: a code is single-use for its own account only. */
const lastStepUsed = new Map<string, number>();

function totpOf(secret: string): TOTP {
  return new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 });
}

export function secretFor(email: string): string {
  const secret = DEMO_TOTP_SECRETS[email.toLowerCase()];
  if (!secret) throw new Error(`${email} asked for a code, but e2e knows no authenticator secret for it`);
  return secret;
}

/**
 * The code of the first step not yet used by this worker: the current one, or the next (accepted as skew);
 * beyond that, waits until it is at most one step ahead.
 */
export async function nextDemoCode(email: string): Promise<string> {
  const now = Date.now();
  const current = Math.floor(now / PERIOD_MS);
  const key = email.toLowerCase();
  const step = Math.max(current, (lastStepUsed.get(key) ?? -1) + 1);
  if (step > current + 1) {
    await new Promise((resolve) => setTimeout(resolve, (step - 1) * PERIOD_MS - now + 200));
  }
  lastStepUsed.set(key, step);
  return totpOf(secretFor(email)).generate({ timestamp: step * PERIOD_MS + 1000 });
}
