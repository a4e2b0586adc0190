// What the users module offers the rest of the gateway; other modules import only from here.
export {
  dropTemporaryPassword,
  findCredentials,
  findResetTarget,
  findSignInAccount,
  hasPassword,
  issuePendingTemporaryPassword,
  rehashPassword,
  revokeSession,
  revokeSessions,
  setFullName,
  setPassword,
  setTemporaryPassword,
} from './user-store';
export type { CheckedCredential } from './user-store';
