import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { TOTP } from 'otpauth';

/**
 * The demo admin's authenticator (README, Demo accounts: development only). A code is accepted once, so sign-ins
 * of the same account within one 30-second step take the next step's code (the gateway allows ±1 step). The
 * workers share one run's steps: each step is claimed by creating a file for it, so two workers never send the
 * same code (a refused code cost its sign-in a 10-second wait before the retry). A gateway a test starts for
 * itself has its own database, so its steps are claimed apart from the run's gateway's.
 */
export const DEMO_TOTP_SECRETS: Readonly<Record<string, string>> = {
  'admin@example.com': 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  'admin2@example.com': 'KRSXG5CTMVRXEZLUKN2XAZLSKNSWG4TF',
};

const PERIOD_MS = 30_000;

/** The run's directory of claimed steps (made by the global setup; a file per account and step). */
function claimsDir(): string {
  const dir = process.env.E2E_TOTP_STEPS_DIR;
  if (!dir)
    throw new Error('E2E_TOTP_STEPS_DIR is set by the global setup: run the tests through playwright test');
  return dir;
}

/** True when this worker is the first of the run to claim the account's step on that gateway. */
function claimStep(account: string, gateway: string, step: number): boolean {
  try {
    closeSync(
      openSync(path.join(claimsDir(), `${gateway.replace(/[^\w.-]/g, '_')}-${account}-${step}`), 'wx'),
    );
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function totpOf(secret: string): TOTP {
  return new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 });
}

export function secretFor(email: string): string {
  const secret = DEMO_TOTP_SECRETS[email.toLowerCase()];
  if (!secret) throw new Error(`${email} asked for a code, but e2e knows no authenticator secret for it`);
  return secret;
}

/**
 * The code of the first step no worker of this run has used yet on the gateway (its origin): the current one, or
 * the next (accepted as skew); beyond that, waits until it is at most one step ahead.
 */
export async function nextDemoCode(email: string, gateway: string): Promise<string> {
  const account = email.toLowerCase();
  let step = Math.floor(Date.now() / PERIOD_MS);
  while (!claimStep(account, gateway, step)) step += 1;
  const wait = (step - 1) * PERIOD_MS - Date.now() + 200;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return totpOf(secretFor(account)).generate({ timestamp: step * PERIOD_MS + 1000 });
}
