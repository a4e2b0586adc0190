// `@portal/contracts/registration-start`: what the registration page needs before its first keystroke, without
// zod (issue 26): its texts, limits and rules (plain functions), and its call on load (the lists) with the
// answer's zod-free twin. Its other calls, with their zod schemas, are `@portal/contracts/registration`, which
// the page loads when a visitor starts typing. Everything here is also exported by the package root, and is the
// same module there.
export * from './messages';
export * from './registration-constants';
export * from './bank-verification-messages';
export * from './rules/email';
export * from './rules/otp';
export * from './rules/full-name';
export * from './rules/mobile-number';
export * from './rules/identity-number';
export * from './rules/account-number';
export * from './rules/registration-checks';
export * from './endpoint';
export * from './endpoints/registration-start';
export type { BankOption, CountryOption, RegisterOptionsResponse } from './api/master';
export type { CaptchaChallengeResponse, MobileOtpStatusResponse } from './api/registration';
export type { ResolveAccountNameResponse } from './api/bank-verification';
