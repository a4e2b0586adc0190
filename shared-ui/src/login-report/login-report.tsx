import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { StatusBadge } from '../status-badge';
import { REPORT_PAGE_SIZE, ReportMessages } from '@portal/contracts';
import type { LoginReportRow } from '@portal/contracts';
import { PagedTable } from '../data-table/paged-table';
import { serialColumn } from '../data-table/serial-column';
import type { DataColumn } from '../data-table/data-table';
import { usePagedList } from '../data/use-paged-list';
import { formatDate, formatTime, pickedDay, pickerDate } from '../format';
import { DateRangeFields } from '../filters/date-range-fields';
import { useDateRange } from '../filters/use-date-range';
import { downloadReport } from './excel-download';
import { fetchLoginReportRows, requestLoginReportExport } from './login-report-api';
import type { LoginReportFilter } from './login-report-api';
import styles from './login-report.module.css';

export interface LoginReportProps {
  /** The page's heading; the report itself is always the Affiliate Login Report. */
  title?: string;
}

/** The range a report opens with: the last 30 days up to today (Nigeria's today, like the report's days). */
export const DEFAULT_RANGE_DAYS = 30;

function defaultFilters(now: Date = new Date()): LoginReportFilters {
  const today = pickerDate(formatDate(now));
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - DEFAULT_RANGE_DAYS);
  return { fromDate: pickedDay(from), toDate: pickedDay(today) };
}

/** The report's dates as the address holds them (yyyy-MM-dd; empty: from the beginning, up to today). */
type LoginReportFilters = Pick<LoginReportFilter, 'fromDate' | 'toDate'>;

const PARAMS_OF_A_REPORT = ['fromDate', 'toDate', 'search', 'page'];

function sameFilter(a: LoginReportFilter, b: LoginReportFilter): boolean {
  return a.fromDate === b.fromDate && a.toDate === b.toDate && a.search === b.search;
}

/** `wrong_password` → Wrong password, as the export writes it. */
export function failureReasonText(reason: string | null): string {
  return reason ? reason.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()) : '';
}

function locationOf(row: LoginReportRow): string {
  if (row.latitude === null || row.longitude === null) return '—';
  return `${row.latitude.toFixed(4)}, ${row.longitude.toFixed(4)}`;
}

/** Spec §2 "Reports": Affiliate Login Report with Start Date, End Date, Generate Report, then Export to Excel. */
export function LoginReport({ title = 'Reports' }: LoginReportProps) {
  const [searchParams] = useSearchParams();
  const [defaults] = useState(() => defaultFilters());
  // A report's address (a link, a refresh) shows the report at once; a bare one waits for Generate Report.
  const [generated, setGenerated] = useState(() => PARAMS_OF_A_REPORT.some((name) => searchParams.has(name)));
  // The filter Generate Report asked for, until the address holds it: the router writes the address after
  // this screen's own state, and a report must never be loaded (and counted) with the previous filter meanwhile.
  const [requested, setRequested] = useState<LoginReportFilter | null>(null);
  const addressFilter = {
    fromDate: searchParams.get('fromDate') ?? defaults.fromDate,
    toDate: searchParams.get('toDate') ?? defaults.toDate,
    search: (searchParams.get('search') ?? '').trim(),
  };
  const waitingForAddress = requested !== null && !sameFilter(requested, addressFilter);
  useEffect(() => {
    if (requested !== null && !waitingForAddress) setRequested(null);
  }, [requested, waitingForAddress]);
  const list = usePagedList({
    fetchPage: ({ page, search, filters }, signal) =>
      fetchLoginReportRows({ ...filters, search }, page, signal),
    pageSize: REPORT_PAGE_SIZE,
    defaultFilters: defaults,
    enabled: generated && !waitingForAddress,
  });
  const range = useDateRange(list.filters, ReportMessages.dateOrder);
  const [search, setSearch] = useState(list.search);
  const [exporting, setExporting] = useState(false);
  const id = useId();
  const shown: LoginReportFilter = { ...list.filters, search: list.search };
  // What the fields say now. Export writes the report on screen; once the fields say something else, the
  // file would not be what the person sees in them, so Export waits for Generate Report.
  const typed: LoginReportFilter = {
    fromDate: pickedDay(range.fromDate),
    toDate: pickedDay(range.toDate),
    search: search.trim(),
  };
  const fieldsChanged = generated && !sameFilter(typed, shown);
  const nothingToExport = list.state === 'ready' && list.totalCount === 0;
  const exportHint = fieldsChanged
    ? 'The dates or search changed: press Generate Report, then export.'
    : generated && nothingToExport && !waitingForAddress
      ? 'Nothing to export: no sign-ins in this period.'
      : null;

  const generate = (event: FormEvent) => {
    event.preventDefault();
    const next = range.checked();
    if (!next) return;
    const unchanged =
      next.fromDate === shown.fromDate && next.toDate === shown.toDate && search.trim() === shown.search;
    // Generating the same report again asks the server again (new sign-ins may have arrived).
    if (generated && unchanged && list.page === 1) list.reload();
    else {
      setRequested({ ...next, search: search.trim() });
      list.setFilters(next, search.trim());
    }
    setGenerated(true);
  };

  const exportExcel = async () => {
    setExporting(true);
    try {
      const { excelPath } = await requestLoginReportExport(shown);
      await downloadReport(excelPath);
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setExporting(false);
    }
  };

  const loading = generated && (waitingForAddress || list.state === 'loading');
  const firstRow = (list.page - 1) * REPORT_PAGE_SIZE + 1;
  const columns: DataColumn<LoginReportRow>[] = [
    serialColumn<LoginReportRow>(firstRow),
    // Issue 51: every column in view at 1280-1440 px with the sidebar open: the affiliate's code over its name,
    // the sign-in's day over its time (the Excel file keeps them apart).
    {
      key: 'affiliate',
      header: 'Affiliate',
      render: (r) => (
        <span className={styles.stacked}>
          {r.affiliateCode}
          <span className={styles.muted}>{r.fullName}</span>
        </span>
      ),
      wrap: true,
    },
    { key: 'userName', header: 'Email', render: (r) => r.userName, wrap: true },
    {
      key: 'loggedAt',
      header: 'Login Date',
      render: (r) => (
        <span className={styles.stacked}>
          {formatDate(r.loggedAt)}
          <span className={styles.muted}>{formatTime(r.loggedAt)}</span>
        </span>
      ),
    },
    {
      key: 'result',
      header: 'Result',
      render: (r) => (
        <span className={styles.result}>
          <StatusBadge status={r.success ? 'Success' : 'Failed'} />
          {r.failureReason ? (
            <span className={styles.muted}>{failureReasonText(r.failureReason)}</span>
          ) : null}
        </span>
      ),
    },
    { key: 'ip', header: 'IP Address', render: (r) => r.ip ?? '—', wrap: true },
    { key: 'location', header: 'Location', render: locationOf },
  ];

  const rangeText = `${shown.fromDate || 'the beginning'} to ${shown.toDate || 'today'}${
    shown.search ? `, matching “${shown.search}”` : ''
  }`;

  return (
    <section className={styles.page} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{title}</h1>
      <div className={styles.panel}>
        <h2 className={styles.reportTitle}>Affiliate Login Report</h2>
        <form className={styles.filters} onSubmit={generate} noValidate>
          <DateRangeFields range={range} fieldClassName={styles.field} />
          <div className={styles.field}>
            <label htmlFor={`${id}-search`}>Search</label>
            <InputText
              id={`${id}-search`}
              type="search"
              value={search}
              placeholder="Affiliate ID, name or email"
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <div className={styles.buttons}>
            <Button
              type="submit"
              label="Generate Report"
              icon="pi pi-chart-bar"
              loading={loading}
              disabled={loading}
            />
            <Button
              type="button"
              label="Export to Excel"
              icon="pi pi-file-excel"
              severity="success"
              loading={exporting}
              disabled={
                !generated ||
                waitingForAddress ||
                list.state !== 'ready' ||
                exporting ||
                fieldsChanged ||
                nothingToExport
              }
              aria-describedby={exportHint ? `${id}-export-hint` : undefined}
              onClick={() => void exportExcel()}
            />
          </div>
          {exportHint ? (
            <p id={`${id}-export-hint`} className={styles.exportHint}>
              {exportHint}
            </p>
          ) : null}
        </form>
      </div>

      {generated ? (
        <div className={styles.results}>
          {list.state === 'ready' && !waitingForAddress ? (
            <p className={styles.muted} aria-live="polite">
              {list.totalCount} sign-in{list.totalCount === 1 ? '' : 's'} from {rangeText}.
            </p>
          ) : null}
          <PagedTable
            list={list}
            caption="Affiliate Login Report"
            columns={columns}
            rowKey={(r) => r.loginID}
            emptyMessage="No sign-ins in this period."
            errorMessage="The login report could not be loaded."
            pagerLabel="Login report pages"
          />
        </div>
      ) : (
        <p className={styles.muted}>Choose the dates and press Generate Report.</p>
      )}
    </section>
  );
}
