import { Suspense, useCallback, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { ADMIN_ORDER_PAGE_SIZE, OrderMessages } from '@portal/contracts';
import type { AdminOrder, AdminOrderCount } from '@portal/contracts';
import {
  DataTable,
  DateRangeFields,
  dropdownPassThrough,
  FilterField,
  formatNaira,
  ListScreen,
  LoadingSpinner,
  PageOfPager,
  StatCard,
  StatCards,
  StatusBadge,
  serialColumn,
  useDateRange,
  usePagedList,
} from '@portal/shared-ui';
import type { DataColumn, StatTone } from '@portal/shared-ui';
import { type AdminOrderFilters, fetchAdminOrders } from './admin-orders-api';
import styles from './admin-orders-page.module.css';

const STATUS_OPTIONS = [
  { label: 'ALL', value: 'ALL' },
  { label: 'pending', value: 'pending' },
  { label: 'completed', value: 'completed' },
];

const DEFAULT_FILTERS: AdminOrderFilters = { fromDate: '', toDate: '', status: 'ALL' };

/** A status in the address in any letter case; anything else reads as ALL. */
function parseFilter(name: string, value: string): string {
  if (name !== 'status') return value;
  const lower = value.trim().toLowerCase();
  return lower === 'pending' || lower === 'completed' ? lower : 'ALL';
}

const count = new Intl.NumberFormat('en-NG');

const CARDS: { label: string; value: (c: AdminOrderCount) => number; tone: StatTone; icon: string }[] = [
  { label: 'Total Orders', value: (c) => c.totalOrders, tone: 'blue', icon: 'pi pi-shopping-cart' },
  { label: 'Pending Orders', value: (c) => c.pendingOrders, tone: 'amber', icon: 'pi pi-clock' },
  {
    label: 'Completed Orders',
    value: (c) => c.completedOrders,
    tone: 'green',
    icon: 'pi pi-check-circle',
  },
];

/**
 * The badge says pending or completed (spec §4) in the colour of the stored status (a Rejected order is
 * 'completed' in red, not green); the stored status shows under it when it says more.
 */
function OrderStatusBadge({ order }: { order: AdminOrder }) {
  const detail = order.orderStatus.toLowerCase() !== order.status ? order.orderStatus : null;
  return (
    <span className={styles.status}>
      <StatusBadge status={order.status} colourOf={order.orderStatus} />
      {detail ? <span className={styles.muted}>{detail}</span> : null}
    </span>
  );
}

/**
 * A header that may wrap between its words: at 1280 px with the sidebar open the eight columns fit only with the
 * long headers on two lines (issue 51); the phone's card label stays the whole text.
 */
const wrappingHeader = (text: string) => ({
  header: <span className={styles.wrappingHeader}>{text}</span>,
  label: text,
});

/** admin/orders (spec §2 Admin orders): cards, Start Date, End Date, Status, Search, the table and its pages. */
export default function AdminOrdersPage() {
  const [answered, setAnswered] = useState<{ orderCount: AdminOrderCount; pageSize: number } | null>(null);
  const fetchPage = useCallback(
    async ({ page, filters }: { page: number; filters: AdminOrderFilters }, signal: AbortSignal) => {
      const answer = await fetchAdminOrders(filters, page, signal);
      if (!signal.aborted) setAnswered({ orderCount: answer.orderCount, pageSize: answer.data.pageSize });
      return answer.data;
    },
    [],
  );
  const list = usePagedList<AdminOrder, AdminOrderFilters>({
    fetchPage,
    pageSize: answered?.pageSize ?? ADMIN_ORDER_PAGE_SIZE,
    defaultFilters: DEFAULT_FILTERS,
    parseFilter,
  });
  const range = useDateRange(list.filters, OrderMessages.dateOrder);
  const [status, setStatus] = useState(list.filters.status);
  const id = useId();

  const search = (event: FormEvent) => {
    event.preventDefault();
    const dates = range.checked();
    if (!dates) return;
    const next = { ...dates, status };
    const same =
      next.fromDate === list.filters.fromDate &&
      next.toDate === list.filters.toDate &&
      next.status === list.filters.status;
    // Searching again with the same filter asks the server again (new orders may have arrived).
    if (same && list.page === 1) list.reload();
    else list.setFilters(next);
  };

  const loading = list.state === 'loading';
  const pages = Math.max(1, Math.ceil(list.totalCount / list.pageSize));
  const columns: DataColumn<AdminOrder>[] = [
    serialColumn<AdminOrder>((list.page - 1) * list.pageSize + 1),
    { key: 'orderID', header: 'Order ID', render: (o) => o.orderID },
    { key: 'orderDate', header: 'Order Date', render: (o) => o.orderDate },
    { key: 'buyerName', ...wrappingHeader('Customer Name'), render: (o) => o.buyerName, wrap: true },
    {
      key: 'totalAmount',
      ...wrappingHeader('Order Amount'),
      render: (o) => formatNaira(o.totalAmount),
      className: styles.money,
    },
    { key: 'faoName', ...wrappingHeader('Delivery FAO Name'), render: (o) => o.faoName, wrap: true },
    { key: 'faoMobileNo', ...wrappingHeader('Delivery FAO Mobile No.'), render: (o) => o.faoMobileNo },
    { key: 'status', ...wrappingHeader('Order Status'), render: (o) => <OrderStatusBadge order={o} /> },
  ];

  return (
    <ListScreen
      title="Order Management"
      filtersForm={{ label: 'Order filters', onSubmit: search }}
      filters={
        <>
          <DateRangeFields range={range} fieldClassName={styles.field} />
          <FilterField htmlFor={`${id}-status`} label="Status">
            <Dropdown
              inputId={`${id}-status`}
              value={status}
              options={STATUS_OPTIONS}
              onChange={(event) => setStatus(String(event.value))}
              pt={dropdownPassThrough}
            />
          </FilterField>
          <div className={styles.buttons}>
            <Button type="submit" label="Search" icon="pi pi-search" loading={loading} disabled={loading} />
          </div>
        </>
      }
      summary={
        answered && list.state !== 'error' ? (
          <StatCards label="Order summary" busy={loading}>
            {CARDS.map((card) => (
              <StatCard
                key={card.label}
                label={card.label}
                value={count.format(card.value(answered.orderCount))}
                icon={card.icon}
                tone={card.tone}
              />
            ))}
          </StatCards>
        ) : null
      }
    >
      <Suspense fallback={<LoadingSpinner label="Loading orders" />}>
        <DataTable
          caption="Orders"
          columns={columns}
          rows={list.state === 'error' ? [] : list.rows}
          rowKey={(o) => o.orderID}
          loading={loading}
          emptyMessage="No orders found."
          errorMessage={list.state === 'error' ? 'The orders could not be loaded.' : undefined}
          onRetry={list.reload}
          error={list.error}
        />
      </Suspense>
      {list.state !== 'error' && list.totalCount > 0 ? (
        <PageOfPager
          page={list.page}
          pages={pages}
          onPageChange={list.setPage}
          label="Order pages"
          disabled={loading}
        />
      ) : null}
    </ListScreen>
  );
}
