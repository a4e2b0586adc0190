// What the identity check module (issue 50, part 1) offers the rest of the gateway; others import only from here.
export { AUTHORITY_CHECK_FAILED_SQL, identityCheckOutcome } from './risk-sql';
export { registerIdentityCheckRoutes } from './routes';
export { runDueIdentityChecks } from './run-checks';
export { startIdentityCheckWorker } from './worker';
