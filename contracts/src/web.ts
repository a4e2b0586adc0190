// `@portal/contracts/web`: the part of the contract the browser needs before anyone signs in (the shell's
// start, the sign-in page, the session store), without zod. Everything here is also exported by the package
// root; import from here only in code on that first path, so the page stays within its JavaScript budget.
export * from './roles';
export * from './rights';
export * from './menu';
export * from './messages';
export * from './business-time';
export * from './api/web-config';
export * from './api/plain-parsers';
export * from './rules/email';
export * from './rules/sign-in';
export type { LoginResponse, ProfileResponse } from './api/auth';
export type { SecondFactorChallenge } from './api/second-factor';
export * from './second-factor-messages';
export * from './bank-verification-messages';
export * from './rules/account-number';
export type { ResolveAccountNameResponse } from './api/bank-verification';
export type { RemotesResponse } from './api/master';
export type { ErrorResponse, MessageResponse } from './api/common';
export * from './endpoint';
export * from './endpoints/sign-in';
