import {
  AFFILIATE_PAGE_SIZE,
  AffiliateDecisionResponse,
  AffiliateDetails,
  AffiliatePage,
  ExcelPathResponse,
  MessageResponse,
} from '@portal/contracts';
import { getJson, postJson } from '../http-client';

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
export function fetchAffiliatePage(filter: AffiliateListFilter): Promise<AffiliatePage> {
  return getJson('backoffice/affiliate', AffiliatePage, {
    params: { page: String(filter.page), pageSize: String(AFFILIATE_PAGE_SIZE), ...filterParams(filter) },
  });
}

export function fetchAffiliateDetails(affiliateID: number): Promise<AffiliateDetails> {
  return getJson(`backoffice/affiliate-details/${affiliateID}`, AffiliateDetails);
}

/** Approve (isActive true) or reject (false, remark required) a KYC application. */
export function decideKyc(
  affiliateID: number,
  isActive: boolean,
  remark: string,
): Promise<AffiliateDecisionResponse> {
  return postJson(
    'backoffice/affiliate/kyc',
    { affiliateID, isActive, remark: remark.trim() || null },
    AffiliateDecisionResponse,
  );
}

/** An admin's "Active" on an Inactive affiliate. */
export function activateAffiliate(affiliateID: number, remark: string): Promise<AffiliateDecisionResponse> {
  return postJson(
    'backoffice/affiliate/set-active',
    { affiliateID, isActive: true, remark: remark.trim() || null },
    AffiliateDecisionResponse,
    { params: { status: 'active' } },
  );
}

/** The list's Delete: makes the affiliate Inactive. */
export function inactivateAffiliate(affiliateID: number): Promise<MessageResponse> {
  return postJson(`backoffice/affiliate/delete/${affiliateID}`, {}, MessageResponse);
}

/** Admin's Download Excel of the list as filtered on screen. */
export function requestAffiliateReport(
  filter: Pick<AffiliateListFilter, 'search' | 'status'>,
): Promise<ExcelPathResponse> {
  return getJson('report/affiliate', ExcelPathResponse, { params: filterParams(filter) });
}
