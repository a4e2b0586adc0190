// mfe-admin's tests run against the sources of the packages it shares at runtime.
module.exports = {
  testEnvironment: 'jsdom',
  transform: require('../jest.swc.cjs'),
  roots: ['<rootDir>/src'],
  setupFiles: ['<rootDir>/../scripts/jest-jsdom-setup.cjs'],
  moduleNameMapper: {
    '^@portal/contracts$': '<rootDir>/../contracts/src/index.ts',
    '^@portal/shared-ui$': '<rootDir>/../shared-ui/src/index.ts',
    '\\.css$': '<rootDir>/../scripts/jest-style-stub.cjs',
  },
};
