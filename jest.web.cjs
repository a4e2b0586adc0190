// The jest config of every web package: jsdom with the platform classes react-router 7 needs, swc, and the
// packages shared at runtime mapped to their sources (so tests need no build).
const path = require('node:path');

// Tests see the portal as a viewer outside Nigeria would (UTC), so a date shown in the viewer's zone instead of
// business time (Africa/Lagos, UTC+1) fails them. Set before jest starts its workers, which inherit it.
process.env.TZ = 'UTC';

module.exports = {
  testEnvironment: path.join(__dirname, 'scripts', 'jest-jsdom-environment.cjs'),
  transform: require('./jest.swc.cjs'),
  roots: ['<rootDir>/src'],
  setupFilesAfterEnv: [path.join(__dirname, 'scripts', 'jest-web-setup.cjs')],
  // A test of several screens' steps, each waiting up to 5 s (jest-web-setup.cjs), passes on a busy machine;
  // one that hangs still fails. The gateway's tests have the same limit.
  testTimeout: 30_000,
  moduleNameMapper: {
    '^@portal/contracts$': path.join(__dirname, 'contracts', 'src', 'index.ts'),
    '^@portal/contracts/web$': path.join(__dirname, 'contracts', 'src', 'web.ts'),
    '^@portal/contracts/registration$': path.join(__dirname, 'contracts', 'src', 'registration.ts'),
    '^@portal/contracts/registration-start$': path.join(
      __dirname,
      'contracts',
      'src',
      'registration-start.ts',
    ),
    '^@portal/contracts/affiliate-payouts$': path.join(__dirname, 'contracts', 'src', 'affiliate-payouts.ts'),
    '^@portal/shared-ui$': path.join(__dirname, 'shared-ui', 'src', 'index.ts'),
    '\\.css(\\?.*)?$': path.join(__dirname, 'scripts', 'jest-style-stub.cjs'),
  },
};
