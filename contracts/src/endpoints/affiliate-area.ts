import {
  AffiliateOrder,
  AffiliateOrderPage,
  AffiliateRetailer,
  AffiliateRetailerPage,
  MyOrdersQuery,
  MyRetailersQuery,
  ReKycDetails,
  ReKycRequest,
} from '../api/affiliate-area';
import { ErrorResponse, MessageResponse } from '../api/common';
import { defineEndpoint } from '../endpoint';

const TAG = 'Affiliate area';

export const AffiliateAreaEndpoints = {
  reKycDetails: defineEndpoint({
    method: 'get',
    path: '/affiliate/rekyc-details',
    tag: TAG,
    summary:
      "The signed-in affiliate's KYC profile for the re-KYC form (only while its KYC is rejected: the re-kyc right).",
    auth: { anyRight: ['re-kyc'] },
    answer: { description: 'The KYC profile', schema: ReKycDetails },
  }),
  reKyc: defineEndpoint({
    method: 'post',
    path: '/affiliate/rekyc',
    tag: TAG,
    summary:
      "Re-KYC: the rejected affiliate updates full name, NIN or BVN, bank and account number of its own record (email, mobile and identity type are read-only and ignored). It goes back to KYC Pending, its duplicate-identity flags are recomputed, the change is audited (affiliate.rekyc) and its sessions end. 'KYC updated successfully!'",
    auth: { anyRight: ['re-kyc'] },
    body: ReKycRequest,
    answer: { description: "'KYC updated successfully!'", schema: MessageResponse },
    otherAnswers: {
      403: { description: "Another affiliate's record, or no re-kyc right", schema: ErrorResponse },
      409: { description: 'The KYC is no longer rejected', schema: ErrorResponse },
    },
  }),
  myOrders: defineEndpoint({
    method: 'get',
    path: '/affiliate/myorder',
    tag: TAG,
    summary:
      "Orders of the caller's own retailer network, newest first. Without parameters: every order (an array). With any of page, pageSize (default 25), search (order ID, FAO name or mobile), status (ALL or a status), fromDate, toDate: one page { results, totalCount, pageNo, pageSize }.",
    auth: { anyRight: ['affiliate_orders'] },
    query: MyOrdersQuery,
    answer: {
      description: 'An array without parameters, a page with them',
      schema: AffiliateOrderPage.or(AffiliateOrder.array()),
    },
  }),
  myRetailers: defineEndpoint({
    method: 'get',
    path: '/affiliate/retiler-network',
    tag: TAG,
    summary:
      "Retailers of the caller's own network, by retailer ID. Without parameters: every retailer (an array). With any of page, pageSize (default 25), search (retailer ID, business, FAO or cluster manager name, mobile, location): one page.",
    auth: { anyRight: ['affiliate_retailers'] },
    query: MyRetailersQuery,
    answer: {
      description: 'An array without parameters, a page with them',
      schema: AffiliateRetailerPage.or(AffiliateRetailer.array()),
    },
  }),
};
