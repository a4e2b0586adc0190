import { useId, useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { AFFILIATE_PAGE_SIZE, Messages } from '@portal/contracts';
import type { AffiliateSummary } from '@portal/contracts';
import { ConfirmDialog } from '../confirm-dialog';
import { FilterField, ListScreen, ResetFilters, SearchFilter } from '../list-screen/list-screen';
import { PagedTable } from '../data-table/paged-table';
import { serialColumn } from '../data-table/serial-column';
import type { DataColumn } from '../data-table/data-table';
import { useConfirmedAction } from '../data/use-confirmed-action';
import { usePagedList } from '../data/use-paged-list';
import { formatDate } from '../format';
import { downloadReport } from '../login-report/excel-download';
import { StatusBadge } from '../status-badge';
import { dropdownPassThrough } from '../dropdown-pass-through';
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

const DEFAULT_FILTERS = { status: 'all' as AffiliateStatusFilterValue };

/** The affiliate users list of spec §2, for admins and back office; paged, searched and filtered by the server. */
export function AffiliateList({ mode, title = 'Affiliate Users' }: AffiliateListProps) {
  const list = usePagedList({
    fetchPage: ({ page, search, filters }, signal) =>
      fetchAffiliatePage({ page, search, status: filters.status }, signal),
    pageSize: AFFILIATE_PAGE_SIZE,
    defaultFilters: DEFAULT_FILTERS,
    parseFilter: (_name, value) => statusFilterFromQuery(value),
  });
  const { status } = list.filters;
  const { search, reload } = list;
  const [viewing, setViewing] = useState<number | null>(null);
  const inactivation = useConfirmedAction(
    (affiliate: AffiliateSummary) => inactivateAffiliate(affiliate.affiliateID),
    Messages.userInactivated,
    reload,
  );
  const { ask: askToInactivate } = inactivation;
  const [downloading, setDownloading] = useState(false);
  const [fullNumbers, setFullNumbers] = useState(false);
  const statusId = useId();

  const downloadExcel = async () => {
    setDownloading(true);
    try {
      const { excelPath } = await requestAffiliateReport({ search, status }, fullNumbers);
      await downloadReport(excelPath);
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setDownloading(false);
    }
  };

  const firstRow = (list.page - 1) * AFFILIATE_PAGE_SIZE + 1;
  const columns = useMemo<DataColumn<AffiliateSummary>[]>(
    () => [
      serialColumn<AffiliateSummary>(firstRow),
      { key: 'affiliateCode', header: 'Affiliate ID', render: (a) => a.affiliateCode },
      { key: 'fullName', header: 'Name', render: (a) => a.fullName, wrap: true },
      { key: 'email', header: 'Email', render: (a) => a.email },
      // Issue 51: two-word headings over short values go on two lines rather than widen the table past the
      // Actions column ('Registration Da' was cut under it at 1366 px with the sidebar open).
      {
        key: 'contact',
        header: <span className={styles.twoLineHeading}>Contact Number</span>,
        label: 'Contact Number',
        render: (a) => `${a.phoneCode}-${a.mobileNumber}`,
      },
      { key: 'status', header: 'Status', render: (a) => <StatusBadge status={a.status} /> },
      {
        key: 'createdDate',
        header: <span className={styles.twoLineHeading}>Registration Date</span>,
        label: 'Registration Date',
        render: (a) => formatDate(a.createdDate),
      },
      {
        key: 'actions',
        header: 'Actions',
        actions: true,
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
              onClick={() => askToInactivate(a)}
            />
          </div>
        ),
      },
    ],
    [firstRow, mode, askToInactivate],
  );

  return (
    <ListScreen
      title={title}
      actions={
        mode === 'admin' ? (
          <div className={styles.exportControls}>
            <label className={styles.fullNumbers}>
              <input
                type="checkbox"
                checked={fullNumbers}
                disabled={downloading}
                onChange={(event) => setFullNumbers(event.target.checked)}
              />
              Full BVN/NIN and account numbers (recorded on each affiliate)
            </label>
            <Button
              type="button"
              label="Download Excel"
              icon="pi pi-file-excel"
              severity="success"
              loading={downloading}
              disabled={downloading}
              onClick={() => void downloadExcel()}
            />
          </div>
        ) : null
      }
      filters={
        <>
          <SearchFilter
            list={list}
            placeholder="Affiliate ID, name, email or mobile"
            className={styles.searchInput}
          />
          <FilterField htmlFor={statusId} label="Status">
            <Dropdown
              pt={dropdownPassThrough}
              inputId={statusId}
              value={status}
              options={[...STATUS_FILTER_OPTIONS]}
              optionLabel="label"
              optionValue="value"
              onChange={(event) => list.setFilters({ status: event.value as AffiliateStatusFilterValue })}
              className={styles.statusFilter}
            />
          </FilterField>
          <ResetFilters onReset={list.reset} />
        </>
      }
    >
      <PagedTable
        list={list}
        caption={title}
        columns={columns}
        rowKey={(a) => a.affiliateID}
        emptyMessage="No affiliates found."
        errorMessage="The affiliates could not be loaded."
        pagerLabel={`${title} pages`}
      />

      <AffiliateViewModal
        affiliateID={viewing}
        mode={mode}
        onClose={() => setViewing(null)}
        onDecided={() => {
          setViewing(null);
          reload();
        }}
        onStale={reload}
      />
      <ConfirmDialog
        visible={inactivation.asking !== null}
        message={Messages.inactivateConfirm}
        busy={inactivation.busy}
        onConfirm={() => void inactivation.confirm()}
        onCancel={inactivation.cancel}
      />
    </ListScreen>
  );
}
