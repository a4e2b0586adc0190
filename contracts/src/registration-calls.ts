// `@portal/contracts/registration-calls`: the registration page's calls with their zod schemas, which the page
// loads when a visitor starts typing (issue 26), without the other screens' schemas (issue 14: building every
// screen's schemas was a long task on a phone). zod's product-worded messages (a global setting made by
// error-map) come with it. Everything here is also exported by the package root, and is the same module there.
export * from './api/error-map';
export * from './rules/email-field';
export * from './rules/otp-field';
export * from './rules/registration-form';
export * from './api/common';
export * from './api/master';
export * from './api/registration';
export * from './api/bank-verification';
export * from './endpoint';
export * from './endpoints/master';
export * from './endpoints/registration';
export * from './endpoints/bank-verification';
