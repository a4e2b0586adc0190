// What the bank verification module offers the rest of the gateway (issue 27); others import only from here.
export {
  accountResolutionKey,
  bankVerificationToStore,
  bankVerificationView,
  findBankVerification,
  resolveAccountName,
  storeBankVerification,
  type StoredBankVerification,
} from './resolve-account-name';
export { nameMatchScore } from './name-match';
