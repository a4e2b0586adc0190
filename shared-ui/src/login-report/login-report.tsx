import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { REPORT_PAGE_SIZE, ReportMessages } from '@portal/contracts';
import type { LoginReportPage, LoginReportRow } from '@portal/contracts';
import { DataTable } from '../data-table/data-table';
import { serialColumn } from '../data-table/serial-column';
import type { DataColumn } from '../data-table/data-table';
import { Pager } from '../data-table/pager';
import { formatDate } from '../format';
import { downloadReport } from './excel-download';
import { fetchLoginReportRows, requestLoginReportExport } from './login-report-api';
import type { LoginReportFilter } from './login-report-api';
import styles from './login-report.module.css';

export interface LoginReportProps {
  /** The page's heading; the report itself is always the Affiliate Login Report. */
  title?: string;
}

/** The range a report opens with: the last 30 days up to today. */
export const DEFAULT_RANGE_DAYS = 30;

function daysAgo(days: number, from: Date = new Date()): Date {
  const date = new Date(from.getFullYear(), from.getMonth(), from.getDate());
  date.setDate(date.getDate() - days);
  return date;
}

const pad = (n: number) => String(n).padStart(2, '0');

function timeOf(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** `wrong_password` → Wrong password, as the export writes it. */
export function failureReasonText(reason: string | null): string {
  return reason ? reason.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()) : '';
}

function locationOf(row: LoginReportRow): string {
  if (row.latitude === null || row.longitude === null) return '—';
  return `${row.latitude.toFixed(4)}, ${row.longitude.toFixed(4)}`;
}

interface Generated {
  filter: LoginReportFilter;
  page: number;
  data: LoginReportPage;
}

/** Spec §2 "Reports": Affiliate Login Report with Start Date, End Date, Generate Report, then Export to Excel. */
export function LoginReport({ title = 'Reports' }: LoginReportProps) {
  const [fromDate, setFromDate] = useState<Date | null>(() => daysAgo(DEFAULT_RANGE_DAYS));
  const [toDate, setToDate] = useState<Date | null>(() => daysAgo(0));
  const [search, setSearch] = useState('');
  const [dateError, setDateError] = useState<string | null>(null);
  const [generated, setGenerated] = useState<Generated | null>(null);
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);
  const id = useId();

  const load = async (filter: LoginReportFilter, page: number) => {
    setLoading(true);
    try {
      const data = await fetchLoginReportRows(filter, page);
      setGenerated({ filter, page, data });
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setLoading(false);
    }
  };

  const generate = (event: FormEvent) => {
    event.preventDefault();
    if (fromDate && toDate && fromDate > toDate) {
      setDateError(ReportMessages.dateOrder);
      return;
    }
    setDateError(null);
    void load({ fromDate: formatDate(fromDate), toDate: formatDate(toDate), search: search.trim() }, 1);
  };

  const exportExcel = async () => {
    if (!generated) return;
    setExporting(true);
    try {
      const { excelPath } = await requestLoginReportExport(generated.filter);
      await downloadReport(excelPath);
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setExporting(false);
    }
  };

  const firstRow = generated ? (generated.page - 1) * REPORT_PAGE_SIZE + 1 : 1;
  const columns: DataColumn<LoginReportRow>[] = [
    serialColumn<LoginReportRow>(firstRow),
    { key: 'affiliateCode', header: 'Affiliate ID', render: (r) => r.affiliateCode },
    { key: 'fullName', header: 'Name', render: (r) => r.fullName },
    { key: 'userName', header: 'Email', render: (r) => r.userName },
    { key: 'date', header: 'Login Date', render: (r) => formatDate(r.loggedAt) },
    { key: 'time', header: 'Login Time', render: (r) => timeOf(r.loggedAt) },
    {
      key: 'result',
      header: 'Result',
      render: (r) => (
        <span className={styles.result}>
          <Tag value={r.success ? 'Success' : 'Failed'} severity={r.success ? 'success' : 'danger'} rounded />
          {r.failureReason ? (
            <span className={styles.muted}>{failureReasonText(r.failureReason)}</span>
          ) : null}
        </span>
      ),
    },
    { key: 'ip', header: 'IP Address', render: (r) => r.ip ?? '—' },
    { key: 'location', header: 'Location', render: locationOf },
  ];

  const rangeText = generated
    ? `${generated.filter.fromDate || 'the beginning'} to ${generated.filter.toDate || 'today'}${
        generated.filter.search ? `, matching “${generated.filter.search}”` : ''
      }`
    : '';

  return (
    <section className={styles.page} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{title}</h1>
      <div className={styles.panel}>
        <h2 className={styles.reportTitle}>Affiliate Login Report</h2>
        <form className={styles.filters} onSubmit={generate} noValidate>
          <div className={styles.field}>
            <label htmlFor={`${id}-from`}>Start Date</label>
            <Calendar
              inputId={`${id}-from`}
              value={fromDate}
              onChange={(event) => setFromDate(event.value ?? null)}
              dateFormat="yy-mm-dd"
              showIcon
              showButtonBar
              placeholder="yyyy-mm-dd"
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-to`}>End Date</label>
            <Calendar
              inputId={`${id}-to`}
              value={toDate}
              onChange={(event) => setToDate(event.value ?? null)}
              dateFormat="yy-mm-dd"
              showIcon
              showButtonBar
              placeholder="yyyy-mm-dd"
              invalid={dateError !== null}
              aria-describedby={dateError ? `${id}-date-error` : undefined}
            />
            {dateError ? (
              <small id={`${id}-date-error`} className={styles.fieldError} role="alert">
                {dateError}
              </small>
            ) : null}
          </div>
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
              disabled={!generated || exporting || loading}
              onClick={() => void exportExcel()}
            />
          </div>
        </form>
      </div>

      {generated ? (
        <div className={styles.results}>
          <p className={styles.muted} aria-live="polite">
            {generated.data.totalCount} sign-in{generated.data.totalCount === 1 ? '' : 's'} from {rangeText}.
          </p>
          <DataTable
            caption="Affiliate Login Report"
            columns={columns}
            rows={generated.data.results}
            rowKey={(r) => r.loginID}
            loading={loading}
            emptyMessage="No sign-ins in this period."
          />
          <Pager
            page={generated.page}
            pageSize={REPORT_PAGE_SIZE}
            totalCount={generated.data.totalCount}
            onPageChange={(page) => void load(generated.filter, page)}
            label="Login report pages"
            disabled={loading}
          />
        </div>
      ) : (
        <p className={styles.muted}>Choose the dates and press Generate Report.</p>
      )}
    </section>
  );
}
