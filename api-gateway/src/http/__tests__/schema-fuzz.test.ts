import { createTestApp, type TestApp } from '../../test-support/test-app';
import {
  FUZZ_APP_ENV,
  prepareTarget,
  runFuzz,
  summaryOf,
  type FuzzTarget,
} from '../../test-support/fuzz/fuzz-run';

// A few thousand requests on a busy two-core machine.
jest.setTimeout(180_000);

/** Fixed, so a CI failure replays: `npm run fuzz -- --seed 1414 --runs <n>` sends the same inputs and more. */
const SEED = 1414;
const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS_PER_ENDPOINT ?? 70);

let t: TestApp;
let target: FuzzTarget;

beforeAll(async () => {
  t = await createTestApp(FUZZ_APP_ENV);
  target = await prepareTarget(t);
});
afterAll(() => t.close());

test('inputs generated from every schema, and hostile ones: no 5xx, every 4xx a JSON message, refused calls write nothing', async () => {
  const started = Date.now();
  const report = await runFuzz(target, { runsPerEndpoint: RUNS_PER_ENDPOINT, seed: SEED, checksums: true });
  console.log(`${summaryOf(report)}\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  for (const failure of report.failures.slice(0, 200)) console.log(JSON.stringify(failure));
  expect(report.endpoints.size).toBeGreaterThan(30);
  expect(report.failures).toEqual([]);
});
