// The long schema fuzz: `npm run fuzz -- --runs 100000 --seed 7 [--only "POST /admin"] [--no-checksums]`.
// The same generator and checks as the CI suite (src/http/__tests__/schema-fuzz.test.ts, seed 1414), with more
// inputs: prints the answers per endpoint, every failure with its input, and the summary; exits 1 on a failure.
// On the embedded database in memory by default; DATABASE_URL runs it on PostgreSQL in a throwaway schema.
import { parseArgs } from 'node:util';
import { createTestApp } from '../test-app';
import { FUZZ_APP_ENV, fuzzedEndpoints, prepareTarget, runFuzz, summaryOf } from './fuzz-run';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5000' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    only: { type: 'string' },
    'no-checksums': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});

async function main(): Promise<void> {
  const runs = Number(values.runs);
  const seed = Number(values.seed);
  if (!Number.isSafeInteger(runs) || runs < 1 || !Number.isSafeInteger(seed)) {
    throw new Error('--runs and --seed take whole numbers');
  }
  const only = values.only ? new RegExp(values.only) : undefined;
  const t = await createTestApp(FUZZ_APP_ENV);
  try {
    const target = await prepareTarget(t);
    const endpoints = fuzzedEndpoints(target, only).length;
    const runsPerEndpoint = Math.ceil(runs / Math.max(endpoints, 1));
    console.log(`schema fuzz: seed ${seed}, ${runsPerEndpoint} inputs to each of ${endpoints} endpoints`);
    const started = Date.now();
    const report = await runFuzz(target, {
      runsPerEndpoint,
      seed,
      only,
      checksums: !values['no-checksums'],
      onEndpoint: (name, figures) => {
        const statuses = Object.entries(figures.statuses)
          .map(([status, count]) => `${status}×${count}`)
          .join(' ');
        console.log(`${name}: ${figures.sent} sent in ${figures.milliseconds} ms, ${statuses}`);
        if (values.verbose)
          for (const message of figures.schemaRefusals) console.log(`    refused: ${message}`);
      },
    });
    for (const failure of report.failures) console.log(`FAIL ${JSON.stringify(failure)}`);
    console.log(
      `${summaryOf(report)}\n${((Date.now() - started) / 1000).toFixed(1)} s; replay: npm run fuzz -- --runs ${runs} --seed ${seed}`,
    );
    process.exitCode = report.failures.length ? 1 : 0;
  } finally {
    await t.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
