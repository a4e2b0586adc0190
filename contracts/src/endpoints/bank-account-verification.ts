import { BANK_NAME_MATCH_THRESHOLD } from '../api/bank-verification';
import {
  BankAccountVerificationMessages as M,
  BankAccountVerificationResponse,
  BankAccountVerificationState,
  BankNameEnquiryRequest,
  ConfirmBankNameEnquiryRequest,
} from '../api/bank-account-verification';
import { ErrorResponse } from '../api/common';
import { defineEndpoint } from '../endpoint';
import { AFFILIATE_STAFF_RIGHTS } from './affiliates';

const TAG = 'Affiliates (back office)';
const error = (description: string) => ({ description, schema: ErrorResponse });
const NOT_FOUND = { 404: error('No such affiliate') };

/** The bank-file programme's account verification (issue 48): back office and admins, audited. */
export const BankAccountVerificationEndpoints = {
  state: defineEndpoint({
    method: 'get',
    path: '/backoffice/affiliate/:id/bank-verification',
    tag: TAG,
    summary:
      "The affiliate's bank account verification: the one in force (how: paystack, name-enquiry or paid-line; " +
      'who; when; the name and its match score) and a name enquiry waiting for its second person.',
    auth: { anyRight: AFFILIATE_STAFF_RIGHTS },
    answer: { description: 'The verification state', schema: BankAccountVerificationState },
    otherAnswers: NOT_FOUND,
  }),
  enquire: defineEndpoint({
    method: 'post',
    path: '/backoffice/affiliate/:id/bank-verification',
    tag: TAG,
    summary:
      "A staff user records the account name the bank's own name enquiry gave. It is scored against the " +
      `registered name: at ${BANK_NAME_MATCH_THRESHOLD} or more the account is verified at once; below, it waits ` +
      'for another staff user to confirm. Audited (affiliate.bank.verify / affiliate.bank.enquiry).',
    auth: { anyRight: AFFILIATE_STAFF_RIGHTS },
    body: BankNameEnquiryRequest,
    answer: {
      description: `'${M.verified}' or the waiting message`,
      schema: BankAccountVerificationResponse,
    },
    otherAnswers: {
      ...NOT_FOUND,
      409: error(`${M.alreadyVerified} / ${M.alreadyWaiting} / ${M.noAccount}`),
    },
  }),
  confirm: defineEndpoint({
    method: 'post',
    path: '/backoffice/affiliate/:id/bank-verification/:verificationId/confirm',
    tag: TAG,
    summary:
      'Another staff user than the one who entered it confirms (the account is verified) or declines a name ' +
      'enquiry below the threshold. One conditional UPDATE: two answers at once give one. Audited.',
    auth: { anyRight: AFFILIATE_STAFF_RIGHTS },
    body: ConfirmBankNameEnquiryRequest,
    answer: { description: `'${M.verified}' or '${M.declined}'`, schema: BankAccountVerificationResponse },
    otherAnswers: {
      403: error(M.ownEnquiry),
      404: error(`No such affiliate / ${M.notFound}`),
      409: error(M.notWaiting),
    },
  }),
};
