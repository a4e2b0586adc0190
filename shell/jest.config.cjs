// The shell's own tests run against the sources of the packages it shares at runtime.
module.exports = {
  testEnvironment: '<rootDir>/src/app/test-support/jsdom-environment.cjs',
  transform: require('../jest.swc.cjs'),
  roots: ['<rootDir>/src'],
  moduleNameMapper: {
    '^@portal/contracts$': '<rootDir>/../contracts/src/index.ts',
    '^@portal/shared-ui$': '<rootDir>/../shared-ui/src/index.ts',
    '\\.css$': '<rootDir>/../scripts/jest-style-stub.cjs',
  },
};
