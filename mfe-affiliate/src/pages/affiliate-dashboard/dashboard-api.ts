import { AffiliateDashboard, DashboardEndpoints, ReportEndpoints } from '@portal/contracts';
import { callEndpoint } from '@portal/shared-ui';

/** `GET user/dashboard` answers the dashboard of the caller's role; here the affiliate's. */
export async function fetchAffiliateDashboard(signal?: AbortSignal): Promise<AffiliateDashboard> {
  return AffiliateDashboard.parse(await callEndpoint(DashboardEndpoints.dashboard, {}, { signal }));
}

/** `GET report/commission-statement`: the server writes the month's statement and answers its single-use link. */
export async function requestCommissionStatement(month: string): Promise<string> {
  const { excelPath } = await callEndpoint(ReportEndpoints.commissionStatement, { query: { month } });
  return excelPath;
}
