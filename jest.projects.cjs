// `npm test` runs contracts' and every web package's jest as one jest run (scripts/test.sh): one start instead
// of seven, and the files of all seven spread over two workers. Each project keeps its own config, so
// `pnpm --filter <pkg> test` runs the same tests alone.
module.exports = {
  // Run-wide settings, which jest reads here and not in the projects' configs.
  testTimeout: require('./jest.web.cjs').testTimeout,
  workerGracefulExitTimeout: require('./jest.web.cjs').workerGracefulExitTimeout,
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
