// The gateway suite on PostgreSQL, in two parts chosen by POSTGRES_PASS:
//  - `dependent` (`npm test`, scripts/test.sh): the files whose outcome depends on PostgreSQL, those that read
//    DATABASE_URL (PostgreSQL-only tests: outages, several gateways on one database, pg_dump, export claims,
//    serialization retries) or race gateway processes (test-support/race-portals);
//  - `rest` (`.ci/run`, after `npm test`): every other file that opens a database, already passed on the
//    embedded database and run again on the server;
//  - unset: both.
// Files that open no database at all are in neither: their code and outcome do not depend on DATABASE_URL
// (configuration, password hashing, workbook and HTML parsing, one process's guards). Each listed file is
// checked here still to open none: one that starts to stops the pass with a message instead of silently
// missing PostgreSQL.
const { readFileSync, readdirSync } = require('node:fs');
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
  'src/lib/__tests__/fault-point.test.ts',
  'src/lib/__tests__/hidden-prompt.test.ts',
  'src/lib/__tests__/memory-log.test.ts',
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

const DEPENDS_ON_POSTGRES = /process\.env\.DATABASE_URL|race-portals|RACE_PORTALS|twoGateways/;

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [path.relative(__dirname, full).split(path.sep).join('/')] : [];
  });
}

const pass = process.env.POSTGRES_PASS ?? 'all';
if (!['dependent', 'rest', 'all'].includes(pass))
  throw new Error(`POSTGRES_PASS must be dependent, rest or all, not ${pass}`);
const files = testFiles(path.join(__dirname, 'src'))
  .filter((file) => !OPENS_NO_DATABASE.includes(file))
  .filter((file) => {
    if (pass === 'all') return true;
    const dependent = DEPENDS_ON_POSTGRES.test(readFileSync(path.join(__dirname, file), 'utf8'));
    return pass === 'dependent' ? dependent : !dependent;
  })
  .sort();

module.exports = {
  ...base,
  testMatch: files.map((file) => `<rootDir>/${file}`),
};
