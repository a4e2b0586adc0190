import type { Right } from '../rights';
import { ErrorResponse, MessageResponse } from '../api/common';
import {
  DataRightsMessages,
  EraseAffiliateRequest,
  EraseAffiliateResponse,
  MoneyOwed,
  ErasureRequestBody,
} from '../api/data-rights';
import { EXPORT_LIMIT, ExcelPathResponse } from '../api/reports';
import { defineEndpoint } from '../endpoint';

/**
 * Erasure is the admin's alone: `affiliates` is the right behind the admin's Affiliates screen, where the
 * action sits, and which back office does not hold (its list is `backoffice_allUsers`). `manage_users` is
 * about staff accounts, not affiliates' KYC records.
 */
export const AFFILIATE_ERASE_RIGHTS: readonly Right[] = ['affiliates'];

export const DataRightsEndpoints = {
  myData: defineEndpoint({
    method: 'get',
    path: '/user/my-data',
    tag: 'Auth',
    summary:
      'Issue 29 (NDPA access and portability): everything the portal holds on the signed-in affiliate (profile, KYC history, orders, commission entries, messages sent to it, sign-in history) as one Excel workbook, a sheet each; its own numbers in clear, OTP message bodies never. Answers excelPath, a single-use link; counted with the exports. 404 for accounts without an affiliate record.',
    auth: 'session',
    answer: { description: 'The download link', schema: ExcelPathResponse },
    otherAnswers: {
      404: { description: DataRightsMessages.noAffiliateRecord, schema: ErrorResponse },
      429: {
        description: `An export of the caller's is already running, or it made ${EXPORT_LIMIT.calls} in the last ${EXPORT_LIMIT.perMinutes} minutes (see Retry-After)`,
        schema: ErrorResponse,
      },
    },
  }),
  eraseAffiliate: defineEndpoint({
    method: 'post',
    path: '/admin/affiliate/erase/:id',
    tag: 'Affiliates (back office)',
    summary:
      "Issue 29 (NDPA erasure): replaces an Inactive affiliate's personal data (names, contacts, numbers, selfie, bank account name, remarks quoting them, sign-in addresses, messages to it, registration rows) with the pseudonym 'Erased affiliate <code>' or removes it, in one transaction, audited (affiliate.erase). Orders, commission entries and payout lines stay under the affiliate code (payout lines without the account name, last four digits, recipient code or account number), so totals do not change; refused while a payout to it is in a run or in flight. The account can no longer sign in.",
    auth: { anyRight: AFFILIATE_ERASE_RIGHTS },
    body: EraseAffiliateRequest,
    answer: { description: DataRightsMessages.erased, schema: EraseAffiliateResponse },
    otherAnswers: {
      404: { description: DataRightsMessages.notFound, schema: ErrorResponse },
      409: {
        description: `${DataRightsMessages.notInactive} / ${DataRightsMessages.alreadyErased} / ${DataRightsMessages.payoutInFlight} / money owed (issue 48: pending or available commission, unless settledOtherwise says how it was settled; audited)`,
        schema: ErrorResponse,
      },
    },
  }),
  moneyOwed: defineEndpoint({
    method: 'get',
    path: '/admin/affiliate/erase/:id/money-owed',
    tag: 'Affiliates (back office)',
    summary:
      "Issue 48: what the affiliate is owed now (its ledger's pending, available and in-payout sums, naira), which the erasure's confirmation states; an erasure is refused while any is above zero unless settledOtherwise is given.",
    auth: { anyRight: AFFILIATE_ERASE_RIGHTS },
    answer: { description: 'What is owed', schema: MoneyOwed },
    otherAnswers: { 404: { description: DataRightsMessages.notFound, schema: ErrorResponse } },
  }),
  requestErasure: defineEndpoint({
    method: 'post',
    path: '/user/erasure-request',
    tag: 'Auth',
    summary:
      "Issue 48: the signed-in affiliate asks for its personal data to be erased (Profile). Not an erasure: the request (audited, affiliate.erasure.request) is shown to admins on the affiliate's details, who erase once nothing is owed. Asking again while a request is open changes nothing. 404 for accounts without an affiliate record.",
    auth: 'session',
    body: ErasureRequestBody,
    answer: { description: DataRightsMessages.erasureRequested, schema: MessageResponse },
    otherAnswers: { 404: { description: DataRightsMessages.noAffiliateRecord, schema: ErrorResponse } },
  }),
};
