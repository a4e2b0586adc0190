import { Suspense, useEffect, useId, useMemo, useState } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { AFFILIATE_ORDER_STATUSES, AffiliateAreaMessages, MY_LIST_PAGE_SIZE } from '@portal/contracts';
import type { AffiliateOrder } from '@portal/contracts';
import {
  DayField,
  FilterField,
  ListScreen,
  PagedTable,
  ResetFilters,
  SearchFilter,
  StatusBadge,
  dropdownPassThrough,
  formatDate,
  formatNaira,
  pickedDay,
  pickerDate,
  serialColumn,
  usePagedList,
} from '@portal/shared-ui';
import type { DataColumn } from '@portal/shared-ui';
import { fetchMyOrders } from './my-orders-api';
import styles from '../common/network-list.module.css';

const STATUS_OPTIONS = [
  { label: 'All', value: 'ALL' },
  ...AFFILIATE_ORDER_STATUSES.map((status) => ({ label: status, value: status })),
];
const DEFAULT_FILTERS = { status: 'ALL', fromDate: '', toDate: '' };
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A filter as the address holds it: an unknown status is All, a malformed date is none. */
export function orderFilterFromQuery(name: string, value: string): string {
  if (name === 'status') {
    return AFFILIATE_ORDER_STATUSES.find((status) => status.toLowerCase() === value.toLowerCase()) ?? 'ALL';
  }
  return DAY.test(value) ? value : '';
}

/** Spec §2 My Orders: the orders of the affiliate's own retailers, paged, searched and filtered by the server. */
export default function MyOrdersPage() {
  const list = usePagedList<AffiliateOrder, typeof DEFAULT_FILTERS>({
    fetchPage: ({ page, search, filters }, signal) => fetchMyOrders({ page, search, ...filters }, signal),
    pageSize: MY_LIST_PAGE_SIZE,
    defaultFilters: DEFAULT_FILTERS,
    parseFilter: orderFilterFromQuery,
  });
  const id = useId();
  useEffect(() => {
    document.title = 'My Orders | Affiliate Portal';
  }, []);

  const firstRow = (list.page - 1) * MY_LIST_PAGE_SIZE + 1;
  const columns = useMemo<DataColumn<AffiliateOrder>[]>(
    () => [
      serialColumn<AffiliateOrder>(firstRow),
      { key: 'orderId', header: 'Order ID', render: (order) => order.orderId },
      { key: 'orderDate', header: 'Order Date', render: (order) => formatDate(order.orderDate) },
      {
        key: 'orderValue',
        header: 'Order Value',
        render: (order) => formatNaira(order.orderValue),
        className: styles.money,
      },
      { key: 'faoName', header: 'FAO Name', render: (order) => order.faoName },
      { key: 'faoMobileNo', header: 'FAO Mobile No.', render: (order) => order.faoMobileNo },
      { key: 'status', header: 'Status', render: (order) => <StatusBadge status={order.status} /> },
    ],
    [firstRow],
  );
  const { fromDate, toDate, status } = list.filters;
  // The days as typed or picked; they reach the list (and the address) only as a valid range, so a From after
  // a To is a message under the field, never a call the server refuses.
  const [days, setDays] = useState({ fromDate, toDate });
  const [dateError, setDateError] = useState<string | null>(null);
  useEffect(() => {
    setDays({ fromDate, toDate });
    setDateError(null);
  }, [fromDate, toDate]);
  const changeDay = (which: 'fromDate' | 'toDate', day: Date | null) => {
    const next = { ...days, [which]: pickedDay(day) };
    setDays(next);
    if (next.fromDate && next.toDate && next.fromDate > next.toDate) {
      setDateError(AffiliateAreaMessages.dateOrder);
      return;
    }
    setDateError(null);
    list.setFilters({ [which]: next[which] });
  };

  return (
    <ListScreen
      title="My Orders"
      filtersLabel="Filter orders"
      filters={
        <>
          <SearchFilter list={list} placeholder="Order ID, FAO name or mobile" className={styles.search} />
          <Suspense fallback={null}>
            <FilterField htmlFor={`${id}-from`} label="From Date">
              <DayField
                inputId={`${id}-from`}
                value={days.fromDate ? pickerDate(days.fromDate) : null}
                onChange={(day) => changeDay('fromDate', day)}
              />
            </FilterField>
            <FilterField htmlFor={`${id}-to`} label="To Date">
              <DayField
                inputId={`${id}-to`}
                value={days.toDate ? pickerDate(days.toDate) : null}
                onChange={(day) => changeDay('toDate', day)}
                invalid={dateError !== null}
                describedBy={dateError ? `${id}-date-error` : undefined}
              />
              {dateError ? (
                <small id={`${id}-date-error`} className={styles.fieldError} role="alert">
                  {dateError}
                </small>
              ) : null}
            </FilterField>
          </Suspense>
          <FilterField htmlFor={`${id}-status`} label="Status">
            <Dropdown
              pt={dropdownPassThrough}
              inputId={`${id}-status`}
              className={styles.select}
              value={status}
              options={STATUS_OPTIONS}
              optionLabel="label"
              optionValue="value"
              onChange={(event) => list.setFilters({ status: event.value as string })}
            />
          </FilterField>
          <ResetFilters onReset={list.reset} />
        </>
      }
    >
      <PagedTable
        list={list}
        caption="My Orders"
        columns={columns}
        rowKey={(order) => order.orderId}
        emptyMessage={
          list.search || status !== 'ALL' || fromDate || toDate
            ? 'No orders match these filters.'
            : 'No orders yet. Orders placed by your retailers appear here.'
        }
        errorMessage="Your orders could not be loaded."
        pagerLabel="Orders pages"
      />
    </ListScreen>
  );
}
