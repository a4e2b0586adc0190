import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { AFFILIATE_PAGE_SIZE, Messages } from '@portal/contracts';
import type { AffiliatePage, AffiliateSummary } from '@portal/contracts';
import { ConfirmDialog } from '../confirm-dialog';
import { DataTable } from '../data-table/data-table';
import { serialColumn } from '../data-table/serial-column';
import type { DataColumn } from '../data-table/data-table';
import { Pager } from '../data-table/pager';
import { SEARCH_DEBOUNCE_MS } from '../data-table/use-debounced-value';
import { formatDate } from '../format';
import { downloadReport } from '../login-report/excel-download';
import { StatusBadge } from '../status-badge';
import { dropdownPassThrough } from '../dropdown-pass-through';
import { notify } from '../toasts';
import { fetchAffiliatePage, inactivateAffiliate, requestAffiliateReport } from './affiliate-api';
import type { AffiliateStatusFilterValue } from './affiliate-api';
import { canInactivate } from './affiliate-modal-actions';
import type { AffiliateListMode } from './affiliate-modal-actions';
import { AffiliateViewModal } from './affiliate-view-modal';
import styles from './affiliate-list.module.css';

export interface AffiliateListProps {
  /** From route data: admin/affiliates is admin (Download Excel, Active, Reject when complete). */
  mode: AffiliateListMode;
  title?: string;
}

export const STATUS_FILTER_OPTIONS: readonly { label: string; value: AffiliateStatusFilterValue }[] = [
  { label: 'All', value: 'all' },
  { label: 'KYC Complete', value: 'active' },
  { label: 'KYC Pending', value: 'pending' },
  { label: 'KYC Rejected', value: 'rejected' },
  { label: 'Inactive', value: 'inactive' },
];

const FILTER_BY_WORD: Record<string, AffiliateStatusFilterValue> = {
  all: 'all',
  active: 'active',
  complete: 'active',
  'kyc complete': 'active',
  pending: 'pending',
  'kyc pending': 'pending',
  rejected: 'rejected',
  'kyc rejected': 'rejected',
  inactive: 'inactive',
};

/** `?status=` as the dashboard links write it (active, pending, all), or a status name. */
export function statusFilterFromQuery(value: string | null): AffiliateStatusFilterValue {
  return FILTER_BY_WORD[(value ?? '').trim().toLowerCase()] ?? 'all';
}

const EMPTY_PAGE: AffiliatePage = { results: [], totalCount: 0, pageNo: 1, pageSize: AFFILIATE_PAGE_SIZE };

/** The affiliate users list of spec §2, for admins and back office; paged, searched and filtered by the server. */
export function AffiliateList({ mode, title = 'Affiliate Users' }: AffiliateListProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = statusFilterFromQuery(searchParams.get('status'));
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchText.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);
  // The page belongs to a search and filter: a new one starts again from page 1.
  const filterKey = `${status}|${search}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = useCallback((next: number) => setPaging({ filterKey, page: next }), [filterKey]);
  const [reloads, setReloads] = useState(0);
  const [data, setData] = useState<AffiliatePage>(EMPTY_PAGE);
  const [loading, setLoading] = useState(true);
  const [viewing, setViewing] = useState<number | null>(null);
  const [inactivating, setInactivating] = useState<AffiliateSummary | null>(null);
  const [inactivateBusy, setInactivateBusy] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const searchId = useId();
  const statusId = useId();

  useEffect(() => {
    let current = true;
    setLoading(true);
    fetchAffiliatePage({ page, search, status })
      .then((loaded) => {
        if (!current) return;
        const lastPage = Math.max(1, Math.ceil(loaded.totalCount / AFFILIATE_PAGE_SIZE));
        // The last row of the last page went away (made inactive under a filter): show the new last page.
        if (loaded.results.length === 0 && page > lastPage) setPage(lastPage);
        setData(loaded);
      })
      .catch(() => {
        // The HTTP client has shown the server's message.
        if (current) setData(EMPTY_PAGE);
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [page, search, status, reloads, setPage]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);

  const setStatus = (value: AffiliateStatusFilterValue) => {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value === 'all') next.delete('status');
        else next.set('status', value);
        return next;
      },
      { replace: true },
    );
  };

  const reset = () => {
    setSearchText('');
    setSearch('');
    setStatus('all');
    setPaging({ filterKey: 'all|', page: 1 });
  };

  const confirmInactivate = async () => {
    if (!inactivating) return;
    setInactivateBusy(true);
    try {
      await inactivateAffiliate(inactivating.affiliateID);
      notify.success(Messages.userInactivated);
      setInactivating(null);
      reload();
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setInactivateBusy(false);
    }
  };

  const downloadExcel = async () => {
    setDownloading(true);
    try {
      const { excelPath } = await requestAffiliateReport({ search, status });
      await downloadReport(excelPath);
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setDownloading(false);
    }
  };

  const firstRow = (Math.max(1, data.pageNo) - 1) * (data.pageSize || AFFILIATE_PAGE_SIZE) + 1;
  const columns = useMemo<DataColumn<AffiliateSummary>[]>(
    () => [
      serialColumn<AffiliateSummary>(firstRow),
      { key: 'affiliateCode', header: 'Affiliate ID', render: (a) => a.affiliateCode },
      { key: 'fullName', header: 'Name', render: (a) => a.fullName },
      { key: 'email', header: 'Email', render: (a) => a.email },
      { key: 'contact', header: 'Contact Number', render: (a) => `${a.phoneCode}-${a.mobileNumber}` },
      { key: 'status', header: 'Status', render: (a) => <StatusBadge status={a.status} /> },
      { key: 'createdDate', header: 'Registration Date', render: (a) => formatDate(a.createdDate) },
      {
        key: 'actions',
        header: 'Actions',
        render: (a) => (
          <div className={styles.rowActions}>
            <Button
              type="button"
              icon="pi pi-eye"
              rounded
              text
              aria-label={`View ${a.affiliateCode}`}
              title="View"
              onClick={() => setViewing(a.affiliateID)}
            />
            <Button
              type="button"
              icon="pi pi-trash"
              rounded
              text
              severity="danger"
              aria-label={`Make ${a.affiliateCode} inactive`}
              title={canInactivate(mode, a.status) ? 'Make inactive' : 'Already inactive'}
              disabled={!canInactivate(mode, a.status)}
              onClick={() => setInactivating(a)}
            />
          </div>
        ),
      },
    ],
    [firstRow, mode],
  );

  return (
    <section className={styles.page} aria-labelledby={`${searchId}-title`}>
      <header className={styles.header}>
        <h1 id={`${searchId}-title`}>{title}</h1>
        {mode === 'admin' ? (
          <Button
            type="button"
            label="Download Excel"
            icon="pi pi-file-excel"
            severity="success"
            loading={downloading}
            disabled={downloading}
            onClick={() => void downloadExcel()}
          />
        ) : null}
      </header>

      <div className={styles.filters} role="search">
        <div className={styles.field}>
          <label htmlFor={searchId}>Search</label>
          <InputText
            id={searchId}
            type="search"
            value={searchText}
            placeholder="Affiliate ID, name, email or mobile"
            onChange={(event) => setSearchText(event.target.value)}
            className={styles.searchInput}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={statusId}>Status</label>
          <Dropdown
            pt={dropdownPassThrough}
            inputId={statusId}
            value={status}
            options={[...STATUS_FILTER_OPTIONS]}
            optionLabel="label"
            optionValue="value"
            onChange={(event) => setStatus(event.value as AffiliateStatusFilterValue)}
            className={styles.statusFilter}
          />
        </div>
        <Button
          type="button"
          label="Reset"
          icon="pi pi-refresh"
          severity="secondary"
          outlined
          onClick={reset}
        />
      </div>

      <DataTable
        caption={title}
        columns={columns}
        rows={data.results}
        rowKey={(a) => a.affiliateID}
        loading={loading}
        emptyMessage="No affiliates found."
      />
      <Pager
        page={page}
        pageSize={AFFILIATE_PAGE_SIZE}
        totalCount={data.totalCount}
        onPageChange={setPage}
        label={`${title} pages`}
        disabled={loading}
      />

      <AffiliateViewModal
        affiliateID={viewing}
        mode={mode}
        onClose={() => setViewing(null)}
        onDecided={() => {
          setViewing(null);
          reload();
        }}
      />
      <ConfirmDialog
        visible={inactivating !== null}
        message={Messages.inactivateConfirm}
        busy={inactivateBusy}
        onConfirm={() => void confirmInactivate()}
        onCancel={() => setInactivating(null)}
      />
    </section>
  );
}
