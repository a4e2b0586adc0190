module.exports = {
  testEnvironment: 'node',
  transform: require('../jest.swc.cjs'),
  roots: ['<rootDir>/src'],
  moduleNameMapper: { '^@portal/contracts$': '<rootDir>/../contracts/src/index.ts' },
  // Generous: a busy two-core machine can take tens of seconds to start a file's embedded database; no test times anything.
  testTimeout: 120000,
  // One migrated embedded database, which every test file's database starts from (suite-database.ts).
  globalSetup: '<rootDir>/test-support/migrated-template.ts',
  globalTeardown: '<rootDir>/test-support/migrated-template-teardown.ts',
  // Each test file gets its own database; two workers match the CI machine's two cores.
  maxWorkers: 2,
  // A worker whose tests are done ends on its own, but tearing down its heap (a file's embedded databases) took
  // over jest's default 500 ms on a busy two-core machine, which then kills it with 'A worker process has failed
  // to exit gracefully': a warning about nothing. One that still runs after 5 s is held open and is reported.
  workerGracefulExitTimeout: 5000,
};
