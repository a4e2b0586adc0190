// `npm test` runs contracts' and every web package's jest as one jest run (scripts/test.sh): one start instead
// of seven, and the files of all seven spread over two workers. Each project keeps its own config, so
// `pnpm --filter <pkg> test` runs the same tests alone.
module.exports = {
  // Run-wide settings, which jest reads here and not in the projects' configs.
  testTimeout: require('./jest.web.cjs').testTimeout,
  // A worker whose tests are done ends on its own, but tearing down its heap took over jest's default 500 ms on a
  // busy two-core machine, which then kills it with 'A worker process has failed to exit gracefully': a warning
  // about nothing. One that still runs after 5 s is held open and is reported. (A project's config may not set it.)
  workerGracefulExitTimeout: 5000,
  projects: [
    'contracts',
    'shared-ui',
    'shell',
    'mfe-auth',
    'mfe-admin',
    'mfe-backoffice',
    'mfe-affiliate',
  ].map((pkg) => `<rootDir>/${pkg}`),
};
