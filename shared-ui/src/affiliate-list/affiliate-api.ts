import type {
  BankAccountVerificationResponse,
  BankAccountVerificationState,
  AffiliateDecisionResponse,
  AffiliateStatus,
  AffiliateDetails,
  AffiliatePage,
  EraseAffiliateResponse,
  ExcelPathResponse,
  RevealableNumber,
  RevealedNumberResponse,
  MessageResponse,
  MoneyOwed,
} from '@portal/contracts';
import {
  AFFILIATE_PAGE_SIZE,
  AffiliateEndpoints,
  BankAccountVerificationEndpoints,
  DataRightsEndpoints,
  ReportEndpoints,
} from '@portal/contracts';
import { callEndpoint } from '../http-client';

/** The list's status filter as the server's `status` query reads it (dashboard links use the same words). */
export type AffiliateStatusFilterValue = 'all' | 'active' | 'pending' | 'rejected' | 'inactive';

export interface AffiliateListFilter {
  page: number;
  search: string;
  status: AffiliateStatusFilterValue;
}

function filterParams({
  search,
  status,
}: Pick<AffiliateListFilter, 'search' | 'status'>): Record<string, string> {
  const params: Record<string, string> = {};
  if (search.trim()) params.search = search.trim();
  if (status !== 'all') params.status = status;
  return params;
}

/** One page of the list, paged, searched and filtered by the server (10 rows, spec §9). */
export async function fetchAffiliatePage(
  filter: AffiliateListFilter,
  signal?: AbortSignal,
): Promise<AffiliatePage> {
  const answer = await callEndpoint(
    AffiliateEndpoints.list,
    { query: { page: filter.page, pageSize: AFFILIATE_PAGE_SIZE, ...filterParams(filter) } },
    { signal },
  );
  // With paging parameters the server answers a page; the whole list comes only without them.
  if (Array.isArray(answer))
    throw new TypeError('The affiliate list answered a list where a page was asked for');
  return answer;
}

export function fetchAffiliateDetails(affiliateID: number, signal?: AbortSignal): Promise<AffiliateDetails> {
  return callEndpoint(AffiliateEndpoints.details, { params: { id: String(affiliateID) } }, { signal });
}

/** The review modal's Show (issue 29): one clear number (issue 48); the server records the look in the history. */
export function fetchAffiliateNumber(
  affiliateID: number,
  field: RevealableNumber,
): Promise<RevealedNumberResponse> {
  return callEndpoint(AffiliateEndpoints.numbers, { params: { id: String(affiliateID) }, query: { field } });
}

/**
 * A decision carries the status the person saw (`expectedStatus`). A 409 means the affiliate has moved on
 * (someone else decided first); its message is left to the view modal, which shows it and refreshes.
 */
const STALE_LEFT_TO_CALLER = { quietOn: [409] } as const;

/** Approve (isActive true) or reject (false, remark required) a KYC application. */
export function decideKyc(
  affiliateID: number,
  isActive: boolean,
  remark: string,
  expectedStatus?: AffiliateStatus,
): Promise<AffiliateDecisionResponse> {
  return callEndpoint(
    AffiliateEndpoints.decideKyc,
    { body: { affiliateID, isActive, remark: remark.trim() || null, expectedStatus } },
    STALE_LEFT_TO_CALLER,
  );
}

/** An admin's "Active" on an Inactive affiliate. */
export function activateAffiliate(
  affiliateID: number,
  remark: string,
  expectedStatus?: AffiliateStatus,
): Promise<AffiliateDecisionResponse> {
  return callEndpoint(
    AffiliateEndpoints.setActive,
    {
      query: { status: 'active' },
      body: { affiliateID, isActive: true, remark: remark.trim() || null, expectedStatus },
    },
    STALE_LEFT_TO_CALLER,
  );
}

/** The list's Delete: makes the affiliate Inactive. */
/** Issue 29: an admin erases an Inactive affiliate's personal data (after the modal's confirmation). */
/** Issue 48: `settledOtherwise` records how money still owed was settled outside the portal. */
export function eraseAffiliate(
  affiliateID: number,
  settledOtherwise?: string,
): Promise<EraseAffiliateResponse> {
  return callEndpoint(DataRightsEndpoints.eraseAffiliate, {
    params: { id: String(affiliateID) },
    body: settledOtherwise ? { settledOtherwise } : {},
  });
}

/** Issue 48: what the affiliate is owed now, which the erasure's confirmation states. */
export function fetchMoneyOwed(affiliateID: number, signal?: AbortSignal): Promise<MoneyOwed> {
  return callEndpoint(DataRightsEndpoints.moneyOwed, { params: { id: String(affiliateID) } }, { signal });
}

export function inactivateAffiliate(affiliateID: number): Promise<MessageResponse> {
  return callEndpoint(AffiliateEndpoints.makeInactive, { params: { id: String(affiliateID) } });
}

/**
 * Admin's Download Excel of the list as filtered on screen; the numbers masked unless `fullNumbers` (issue 29:
 * the server records a full export on every affiliate in it).
 */
export function requestAffiliateReport(
  filter: Pick<AffiliateListFilter, 'search' | 'status'>,
  fullNumbers: boolean,
): Promise<ExcelPathResponse> {
  const query = { ...filterParams(filter), ...(fullNumbers ? { fullNumbers: 'true' } : {}) };
  return callEndpoint(ReportEndpoints.affiliateExport, { query });
}

/** The affiliate's bank account verification (issue 48): the one in force and a name enquiry waiting. */
export function fetchBankVerification(
  affiliateID: number,
  signal?: AbortSignal,
): Promise<BankAccountVerificationState> {
  return callEndpoint(
    BankAccountVerificationEndpoints.state,
    { params: { id: String(affiliateID) } },
    { signal },
  );
}

/** Records the name the bank's name enquiry gave; verified at once, or waiting for a second person. */
export function enquireBankName(
  affiliateID: number,
  accountName: string,
): Promise<BankAccountVerificationResponse> {
  return callEndpoint(BankAccountVerificationEndpoints.enquire, {
    params: { id: String(affiliateID) },
    body: { accountName },
  });
}

/** The second person confirms or declines a waiting name enquiry. */
export function confirmBankName(
  affiliateID: number,
  verificationID: number,
  confirm: boolean,
): Promise<BankAccountVerificationResponse> {
  return callEndpoint(BankAccountVerificationEndpoints.confirm, {
    params: { id: String(affiliateID), verificationId: String(verificationID) },
    body: { confirm },
  });
}
