/**
 * Authenticated GET /api/user/profile throughput against a bare Express route answering a constant, served
 * by the same process and driven by the same client loop. Target (issue 2): ratio >= 0.5.
 *
 *   npx --yes pnpm@10 --filter bench exec tsx profile.bench.ts [seconds-per-run=3] [connections=10]
 */
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import express from 'express';
import { DEMO_ACCOUNTS } from '../api-gateway/src/seed/demo-accounts';
import { median, send, startGateway } from './gateway-harness';

const SECONDS = Number(process.argv[2] ?? 3);
const CONNECTIONS = Number(process.argv[3] ?? 10);
const RUNS = 5;
const TARGET = 0.5;

/** Requests per second: CONNECTIONS loops, each sending its next request when the last one is answered. */
async function throughput(url: string, headers: Record<string, string>): Promise<number> {
  let done = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const res = await send(url, { headers });
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${res.body}`);
        done++;
      }
    }),
  );
  return done / SECONDS;
}

async function main(): Promise<void> {
  const gateway = await startGateway();
  const login = await send(`${gateway.baseUrl}/api/login/auth`, {
    method: 'POST',
    body: { userName: DEMO_ACCOUNTS.affiliate.email, password: DEMO_ACCOUNTS.affiliate.password },
  });
  const { token } = JSON.parse(login.body) as { token: string };
  const auth = { authorization: `Bearer ${token}` };

  const bare = express();
  const constant = { fullName: 'Chinedu Eze', email: 'affiliate@example.com' };
  bare.get('/constant', (_req, res) => {
    res.json(constant);
  });
  const bareServer = bare.listen(0, '127.0.0.1');
  await new Promise((resolve) => bareServer.once('listening', resolve));
  const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/constant`;
  const profileUrl = `${gateway.baseUrl}/api/user/profile`;

  // Warm up both.
  await throughput(bareUrl, {});
  await throughput(profileUrl, auth);
  const bareRuns: number[] = [];
  const profileRuns: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    bareRuns.push(await throughput(bareUrl, {}));
    profileRuns.push(await throughput(profileUrl, auth));
  }
  bareServer.close();
  await gateway.close();

  const bareRate = median(bareRuns);
  const profileRate = median(profileRuns);
  const ratio = profileRate / bareRate;
  console.log(
    `profile benchmark (${gateway.ctx.db.driver}, ${os.cpus().length} cores, ${CONNECTIONS} connections, ${RUNS} x ${SECONDS} s each)`,
  );
  console.log(
    `  bare Express constant route:     ${bareRate.toFixed(0)} req/s  (runs: ${bareRuns.map((r) => r.toFixed(0)).join(', ')})`,
  );
  console.log(
    `  GET /api/user/profile with token: ${profileRate.toFixed(0)} req/s  (runs: ${profileRuns.map((r) => r.toFixed(0)).join(', ')})`,
  );
  console.log(
    `  ratio profile / bare:             ${ratio.toFixed(2)}  (target >= ${TARGET}: ${ratio >= TARGET ? 'met' : 'missed'})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
