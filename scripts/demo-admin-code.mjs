// Test support for scripts/readme-commands-test.sh: prints the demo admin's authenticator code (README, Demo
// accounts; development only) for the first 30-second step after the one used last (kept in the file named by
// $1), since the gateway accepts each step's code once and allows one step of clock skew. Waits when the next
// unused step is more than one step ahead.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../api-gateway/package.json', import.meta.url));
const { TOTP } = require('otpauth');
const DEMO_ADMIN_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const PERIOD_MS = 30_000;

const stateFile = process.argv[2];
const lastUsed = existsSync(stateFile) ? Number(readFileSync(stateFile, 'utf8')) : -1;
const current = Math.floor(Date.now() / PERIOD_MS);
const step = Math.max(current, lastUsed + 1);
if (step > current + 1)
  await new Promise((resolve) => setTimeout(resolve, (step - 1) * PERIOD_MS - Date.now() + 500));
writeFileSync(stateFile, String(step));
const totp = new TOTP({ secret: DEMO_ADMIN_SECRET, algorithm: 'SHA1', digits: 6, period: 30 });
console.log(totp.generate({ timestamp: step * PERIOD_MS + 1000 }));
