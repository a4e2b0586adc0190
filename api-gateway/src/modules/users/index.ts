// What the users module offers the rest of the gateway; other modules import only from here.
export {
  dropTemporaryPassword,
  emailTaken,
  findCredentials,
  findResetTarget,
  hasPassword,
  insertUser,
  issuePendingTemporaryPassword,
  rehashPassword,
  revokeSession,
  revokeSessions,
  setActive,
  setFullName,
  setPassword,
  setTemporaryPassword,
  updateUserDetails,
} from './user-store';
export type { CheckedCredential, SignInAccount, UserDetailsInput } from './user-store';
