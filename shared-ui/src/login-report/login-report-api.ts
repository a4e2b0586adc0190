import type { ExcelPathResponse, LoginReportPage } from '@portal/contracts';
import { REPORT_PAGE_SIZE, ReportEndpoints } from '@portal/contracts';
import { callEndpoint } from '../http-client';

/** The report's filter as the screen holds it: yyyy-MM-dd dates, either may be empty. */
export interface LoginReportFilter {
  fromDate: string;
  toDate: string;
  search: string;
}

function filterParams({ fromDate, toDate, search }: LoginReportFilter): Record<string, string> {
  const params: Record<string, string> = {};
  if (fromDate) params.fromDate = fromDate;
  if (toDate) params.toDate = toDate;
  if (search.trim()) params.search = search.trim();
  return params;
}

/** "Generate Report": one page of the rows the export will hold. */
export function fetchLoginReportRows(
  filter: LoginReportFilter,
  page: number,
  signal?: AbortSignal,
): Promise<LoginReportPage> {
  return callEndpoint(
    ReportEndpoints.loginReportRows,
    { query: { ...filterParams(filter), page, pageSize: REPORT_PAGE_SIZE } },
    { signal },
  );
}

/** "Export to Excel": the server writes the file and answers its single-use download link. */
export function requestLoginReportExport(filter: LoginReportFilter): Promise<ExcelPathResponse> {
  return callEndpoint(ReportEndpoints.loginReportExport, { query: filterParams(filter) });
}
