// The gateway suite's PostgreSQL pass in `npm test` (scripts/test.sh): every test file except those that open
// no database at all. Their code and outcome do not depend on DATABASE_URL (configuration, password hashing,
// workbook and HTML parsing, one process's guards), so they ran in full on the embedded pass already.
// Each listed file is checked here still to open none: one that starts to stops the pass with a message
// instead of silently missing PostgreSQL.
const { readFileSync } = require('node:fs');
const path = require('node:path');
const base = require('./jest.config.cjs');

const OPENS_NO_DATABASE = [
  'src/__tests__/config-host.test.ts',
  'src/__tests__/help-desk-config.test.ts',
  'src/__tests__/integration-key-config.test.ts',
  'src/__tests__/process-guard.test.ts',
  'src/__tests__/start-line.test.ts',
  'src/auth/__tests__/password-policy.test.ts',
  'src/auth/__tests__/password.test.ts',
  'src/http/__tests__/database-unavailable.test.ts',
  'src/lib/memory-log.test.ts',
  'src/modules/commission-upload/__tests__/rate-rows.test.ts',
  'src/modules/commission-upload/__tests__/read-workbook-answer.test.ts',
  'src/modules/notifications/__tests__/notification-html.test.ts',
  'src/modules/reports/__tests__/xlsx-writer.test.ts',
];
const OPENS_A_DATABASE =
  /createTestApp|openSuiteDatabase|openDatabase\(|startGateway|RACE_PORTALS|oneGateway|twoGateways|DATABASE_URL|test-support\/(registration-flow|race-portals|gateway-process|mounted-routes|suite-database)/;

for (const file of OPENS_NO_DATABASE) {
  if (OPENS_A_DATABASE.test(readFileSync(path.join(__dirname, file), 'utf8')))
    throw new Error(`${file} opens a database now: take it out of OPENS_NO_DATABASE in jest.postgres.cjs`);
}

module.exports = {
  ...base,
  testPathIgnorePatterns: ['/node_modules/', ...OPENS_NO_DATABASE.map((file) => `<rootDir>/${file}$`)],
};
