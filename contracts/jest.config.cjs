module.exports = { testEnvironment: 'node', transform: require('../jest.swc.cjs'), roots: ['<rootDir>/src'] };
