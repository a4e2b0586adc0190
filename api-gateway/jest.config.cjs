module.exports = {
  testEnvironment: 'node',
  transform: require('../jest.swc.cjs'),
  roots: ['<rootDir>/src'],
  moduleNameMapper: { '^@portal/contracts$': '<rootDir>/../contracts/src/index.ts' },
  testTimeout: 30000,
  // Each test file gets its own database; two workers match the CI machine's two cores.
  maxWorkers: 2,
};
