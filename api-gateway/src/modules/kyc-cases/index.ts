// What the KYC cases module (issue 50) offers the rest of the gateway; other modules import only from here.
export { assertCaseNotHeldByOther } from './case-claims';
export { queueAgeing } from './case-queries';
export { registerKycCaseRoutes } from './routes';
export {
  assertHoldsCase,
  openReturnedParts,
  recordPartVerdicts,
  returnedPartsRemark,
  settleOpenParts,
  type PartVerdict,
} from './case-parts';
export { approvalGate, closeWaitingApproval } from './four-eyes';
export { authorityCheckOutcome } from './authority-check';
