// `@portal/contracts/registration`: the registration page's calls with their zod schemas, and its texts and rules,
// without the other screens' schemas (issue 14: building every screen's schemas was a long task on a phone). The
// page loads it when a visitor starts typing; what it needs before that is the zod-free
// `@portal/contracts/registration-start` (issue 26). It keeps every name it had before that split, so an auth
// remote built before it still finds them under the same shared name. zod's product-worded messages (a global
// setting made by error-map) come with it. Everything here is also exported by the package root, and is the same
// module there.
export * from './api/error-map';
export * from './messages';
export * from './rules/email';
export * from './rules/email-field';
export * from './rules/otp';
export * from './rules/otp-field';
export * from './rules/full-name';
export * from './rules/mobile-number';
export * from './rules/identity-number';
export * from './rules/account-number';
export * from './rules/registration-checks';
export * from './rules/registration-form';
export * from './api/common';
export * from './api/master';
export * from './api/registration';
export * from './endpoint';
export * from './endpoints/master';
export * from './endpoints/registration';
export * from './api/bank-verification';
export * from './endpoints/bank-verification';
