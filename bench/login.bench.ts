/**
 * Sign-in latency with 10 sign-ins at once, against one argon2id verification measured in the same run.
 * Target (issue 2): median latency at 10 concurrent / one verify <= 1.3.
 *
 *   npx --yes pnpm@10 --filter bench exec tsx login.bench.ts [rounds=10]
 *
 * Also printed, to show where the time goes: one sign-in alone, 10 bare verifications at once (no HTTP,
 * no database), and as many sign-ins at once as the machine has cores (where the hardware is not the limit). argon2 runs on libuv's thread pool (UV_THREADPOOL_SIZE, default 4) over the machine's cores,
 * so 10 at once queue behind each other whatever the gateway does.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { hash, verify } from 'argon2';
import { PASSWORD_HASH_OPTIONS } from '../api-gateway/src/auth/password';
import { DEMO_ACCOUNTS } from '../api-gateway/src/seed/demo-accounts';
import { median, ms, percentile, send, startGateway } from './gateway-harness';

const ROUNDS = Number(process.argv[2] ?? 10);
const CONCURRENCY = 10;
const CORES = os.availableParallelism();
const TARGET = 1.3;

async function timed<T>(fn: () => Promise<T>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function main(): Promise<void> {
  const gateway = await startGateway();
  const { email, password } = DEMO_ACCOUNTS.admin;
  const login = async () => {
    const res = await send(`${gateway.baseUrl}/api/login/auth`, {
      method: 'POST',
      body: { userName: email, password },
    });
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${res.body}`);
  };
  const stored = await hash(password, PASSWORD_HASH_OPTIONS);
  const verifyOnce = async () => {
    if (!(await verify(stored, password))) throw new Error('verify failed');
  };

  // Warm up: JIT, connection pool, argon2's memory.
  for (let i = 0; i < 5; i++) {
    await login();
    await verifyOnce();
  }

  // Process CPU (every thread: argon2's, the gateway's, the in-process client's), which a busy machine
  // inflates far less than wall time: one sign-in's CPU beyond one verify's is the gateway's own work.
  const cpuMs = async (fn: () => Promise<void>, times: number) => {
    const start = process.cpuUsage();
    for (let i = 0; i < times; i++) await fn();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000 / times;
  };
  const verifyCpu = await cpuMs(verifyOnce, 20);
  const loginCpu = await cpuMs(login, 20);

  const single: number[] = [];
  const loginAlone: number[] = [];
  const loginConcurrent: number[] = [];
  const verifyConcurrent: number[] = [];
  const loginPerCore: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < 3; i++) single.push(await timed(verifyOnce));
    loginAlone.push(await timed(login));
    loginConcurrent.push(...(await Promise.all(Array.from({ length: CONCURRENCY }, () => timed(login)))));
    verifyConcurrent.push(
      ...(await Promise.all(Array.from({ length: CONCURRENCY }, () => timed(verifyOnce)))),
    );
    loginPerCore.push(...(await Promise.all(Array.from({ length: CORES }, () => timed(login)))));
  }
  await gateway.close();

  const verifyMs = median(single);
  const concurrentMs = median(loginConcurrent);
  const ratio = concurrentMs / verifyMs;
  console.log(
    `login benchmark (${gateway.ctx.db.driver}, ${os.cpus().length} cores, UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? 4}, ${ROUNDS} rounds)`,
  );
  console.log(`  machine load (1 min): ${os.loadavg()[0].toFixed(1)}`);
  console.log(`  one argon2id verify (m=19456, t=2, p=1), median:     ${ms(verifyMs)}`);
  console.log(
    `  one sign-in alone over HTTP, median:                 ${ms(median(loginAlone))}  (x${(median(loginAlone) / verifyMs).toFixed(2)})`,
  );
  console.log(
    `  10 bare verifies at once, median latency:            ${ms(median(verifyConcurrent))}  (x${(median(verifyConcurrent) / verifyMs).toFixed(2)})`,
  );
  console.log(
    `  10 sign-ins at once, median latency:                 ${ms(concurrentMs)}  (p90 ${ms(percentile(loginConcurrent, 90))})`,
  );
  console.log(
    `  ratio 10-concurrent sign-in / one verify:            ${ratio.toFixed(2)}  (target <= ${TARGET}: ${ratio <= TARGET ? 'met' : 'missed'})`,
  );
  console.log(
    `  ratio 10-concurrent sign-in / 10 bare verifies:      ${(concurrentMs / median(verifyConcurrent)).toFixed(2)}  (the gateway's own share)`,
  );
  console.log(
    `  CPU of one verify / one sign-in (20 in a row):       ${ms(verifyCpu)} / ${ms(loginCpu)}  (the gateway's own: ${ms(loginCpu - verifyCpu)})`,
  );
  console.log(
    `  ${CORES} sign-ins at once (one per core) / one verify:     ${(median(loginPerCore) / verifyMs).toFixed(2)}  (median ${ms(median(loginPerCore))})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
