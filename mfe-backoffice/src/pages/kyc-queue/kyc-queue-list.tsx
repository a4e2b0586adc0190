import { useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import axios from 'axios';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { KYC_AGE_TARGET_HOURS, KYC_CLAIM_IDLE_MINUTES, KYC_QUEUE_PAGE_SIZE } from '@portal/contracts';
import type { KycCaseSummary } from '@portal/contracts';
import {
  FilterField,
  ListScreen,
  PagedTable,
  dropdownPassThrough,
  errorMessageOf,
  notify,
  serialColumn,
  usePagedList,
} from '@portal/shared-ui';
import type { DataColumn } from '@portal/shared-ui';
import { claimNextCase, fetchKycQueue } from './kyc-api';
import type { KycShow, KycSort } from './kyc-api';
import { ageText, holderText, riskLabels } from './kyc-text';
import styles from './kyc-queue.module.css';

export const SORT_OPTIONS: readonly { label: string; value: KycSort }[] = [
  { label: 'Oldest first', value: 'age' },
  { label: 'Riskiest first', value: 'risk' },
];
export const SHOW_OPTIONS: readonly { label: string; value: KycShow }[] = [
  { label: 'All cases', value: 'all' },
  { label: 'Unclaimed', value: 'unclaimed' },
  { label: 'Mine', value: 'mine' },
];
const DEFAULT_FILTERS = { sort: 'age' as KycSort, show: 'all' as KycShow };
const parseFilter = (name: 'sort' | 'show', value: string): string => {
  const options: readonly { value: string }[] = name === 'sort' ? SORT_OPTIONS : SHOW_OPTIONS;
  return (
    options.find((option) => option.value === value.trim().toLowerCase())?.value ?? DEFAULT_FILTERS[name]
  );
};

export const caseLink = (affiliateID: number) => `/backoffice/kyc?case=${affiliateID}`;

/**
 * The KYC queue (issue 50): every case waiting for a decision, oldest or riskiest first, with its wait against the
 * 24 h target, why it needs a closer look and who holds it. 'Claim next' takes the oldest free case.
 */
export function KycQueueList() {
  const navigate = useNavigate();
  const [claiming, setClaiming] = useState(false);
  const list = usePagedList({
    fetchPage: ({ page, pageSize, filters }, signal) =>
      fetchKycQueue({ page, pageSize, sort: filters.sort, show: filters.show }, signal),
    pageSize: KYC_QUEUE_PAGE_SIZE,
    defaultFilters: DEFAULT_FILTERS,
    parseFilter,
  });
  const baseId = useId();
  const sortId = `${baseId}-sort`;
  const showId = `${baseId}-show`;

  const claimNext = async () => {
    setClaiming(true);
    try {
      const claimed = await claimNextCase();
      navigate(caseLink(claimed.case.affiliateID));
    } catch (error) {
      // 404 is the empty queue, said as information; other failures have had their toast.
      if (axios.isAxiosError(error) && error.response?.status === 404) notify.info(errorMessageOf(error));
      setClaiming(false);
    }
  };

  const firstRow = (list.page - 1) * KYC_QUEUE_PAGE_SIZE + 1;
  const columns = useMemo<DataColumn<KycCaseSummary>[]>(
    () => [
      serialColumn<KycCaseSummary>(firstRow),
      { key: 'code', header: 'Affiliate ID', render: (c) => c.affiliateCode },
      { key: 'name', header: 'Name', wrap: true, render: (c) => c.fullName },
      {
        key: 'age',
        header: 'Waiting',
        render: (c) => (
          <span className={styles.badges}>
            <span className={styles.age}>{ageText(c.ageHours)}</span>
            {c.overTarget ? (
              <span className={`${styles.badge} ${styles.late}`}>Over {KYC_AGE_TARGET_HOURS} h</span>
            ) : null}
          </span>
        ),
      },
      {
        key: 'risks',
        header: 'Risks',
        render: (c) =>
          c.risks.length === 0 ? (
            <span className={styles.muted}>None</span>
          ) : (
            <span className={styles.badges}>
              {riskLabels(c).map((label) => (
                <span key={label} className={`${styles.badge} ${styles.risk}`}>
                  {label}
                </span>
              ))}
            </span>
          ),
      },
      { key: 'reviewer', header: 'Reviewer', wrap: true, render: (c) => holderText(c) },
      {
        key: 'open',
        header: 'Actions',
        actions: true,
        render: (c) => (
          <Link to={caseLink(c.affiliateID)} aria-label={`Open the case of ${c.affiliateCode} ${c.fullName}`}>
            Open
          </Link>
        ),
      },
    ],
    [firstRow],
  );

  return (
    <ListScreen
      title="KYC Queue"
      actions={
        <Button
          type="button"
          label="Claim next"
          icon="pi pi-inbox"
          loading={claiming}
          disabled={claiming}
          onClick={() => void claimNext()}
        />
      }
      filters={
        <>
          <FilterField htmlFor={sortId} label="Order" grow>
            <Dropdown
              pt={dropdownPassThrough}
              inputId={sortId}
              value={list.filters.sort}
              options={[...SORT_OPTIONS]}
              optionLabel="label"
              optionValue="value"
              onChange={(event) => list.setFilters({ sort: event.value as KycSort })}
            />
          </FilterField>
          <FilterField htmlFor={showId} label="Show" grow>
            <Dropdown
              pt={dropdownPassThrough}
              inputId={showId}
              value={list.filters.show}
              options={[...SHOW_OPTIONS]}
              optionLabel="label"
              optionValue="value"
              onChange={(event) => list.setFilters({ show: event.value as KycShow })}
            />
          </FilterField>
        </>
      }
    >
      <p className={styles.target}>
        Target: every case decided within {KYC_AGE_TARGET_HOURS} hours of joining the queue. A claim lapses
        after
        {` ${KYC_CLAIM_IDLE_MINUTES} `}minutes without action.
      </p>
      <PagedTable
        list={list}
        caption="KYC Queue"
        columns={columns}
        rowKey={(c) => c.affiliateID}
        emptyMessage="No cases are waiting."
        errorMessage="The KYC queue could not be loaded."
        pagerLabel="KYC Queue pages"
      />
    </ListScreen>
  );
}
