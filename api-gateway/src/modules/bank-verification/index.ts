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
export { canonicalTokens, nameMatchScore } from './name-match';
// Issue 48: the bank-file programme's own verification (staff name enquiry, a paid bank-file line).
export { confirmBankNameEnquiry, enquireBankName, verificationState } from './account-verification';
export { verifyAccountByPaidLine } from './paid-line';
