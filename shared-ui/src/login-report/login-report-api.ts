import { ExcelPathResponse, LoginReportPage, REPORT_PAGE_SIZE } from '@portal/contracts';
import { getJson } from '../http-client';

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
export function fetchLoginReportRows(filter: LoginReportFilter, page: number): Promise<LoginReportPage> {
  return getJson('report/loginhistory/rows', LoginReportPage, {
    params: { ...filterParams(filter), page: String(page), pageSize: String(REPORT_PAGE_SIZE) },
  });
}

/** "Export to Excel": the server writes the file and answers its single-use download link. */
export function requestLoginReportExport(filter: LoginReportFilter): Promise<ExcelPathResponse> {
  return getJson('report/loginhistory', ExcelPathResponse, { params: filterParams(filter) });
}
