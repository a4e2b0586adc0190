// `@portal/contracts/registration`: the part of the contract the registration page needs (its texts, rules,
// schemas and calls), without the rest of the API. Evaluating the whole contract builds every zod schema of
// every screen, one long task on a phone before the form can answer (issue 14); this builds a fifth of them.
// Everything here is also exported by the package root, and is the same module there.
// zod's product-worded messages (a global setting made by error-map) are part of this path too.
export * from './api/error-map';
export * from './messages';
export * from './rules/email';
export * from './rules/email-field';
export * from './rules/otp';
export * from './rules/full-name';
export * from './rules/mobile-number';
export * from './rules/identity-number';
export * from './rules/account-number';
export * from './rules/registration-form';
export * from './api/common';
export * from './api/master';
export * from './api/registration';
export * from './endpoint';
export * from './endpoints/master';
export * from './endpoints/registration';
export * from './api/bank-verification';
export * from './endpoints/bank-verification';
