// Package entry of @portal/shared-ui (the one place a barrel is allowed).
//
// Every page loads this module, the sign-in page first, and a shared module is never tree-shaken: whatever
// it imports statically is downloaded before anything shows. So it imports only '@portal/contracts/web' (no
// zod) and nothing from PrimeReact; the components that need PrimeReact or zod load on first use (React.lazy,
// rendered inside the remote page's Suspense) and their modules import the full contract.
import { lazy } from 'react';
import type { ReactElement } from 'react';
import type { DataTableProps } from './data-table/data-table';
import type { PagerProps } from './data-table/pager';
import type { PagedTableProps } from './data-table/paged-table';

export type { RemoteRouteDefinition } from './remote-route';
export {
  USER_DETAILS_KEY,
  currentUserDetails,
  isExpired,
  readStoredUserDetails,
  useSessionStore,
  useUserDetails,
} from './session-store';
export type { SessionState, UserDetails } from './session-store';
export {
  NETWORK_ERROR_MESSAGE,
  UNEXPECTED_ANSWER_MESSAGE,
  callEndpoint,
  errorMessageOf,
  fieldErrorsOf,
  httpClient,
  isRetryable,
} from './http-client';
export type { CallInput, ResponseParser } from './http-client';
export { navigateTo, setNavigator } from './navigation';
export type { Navigator } from './navigation';
export {
  LOGIN_PATH,
  PAGE_NOT_FOUND_PATH,
  RE_KYC_PATH,
  UPDATE_PASSWORD_PATH,
  SECOND_FACTOR_SETUP_PATH,
  homePathFor,
  landingPathFor,
} from './landing-path';
export {
  APP_TOAST_CONTAINER,
  AUTH_TOAST_CONTAINER,
  AUTH_TOAST_EXTENDED_MS,
  Fade,
  ToastHost,
  appToastConfig,
  authToastConfig,
  notify,
} from './toasts';
export { formatDate, formatMonth, formatNaira, formatTime, pickedDay, pickerDate } from './format';
export type { BadgeSeverity } from './status-severity';
const loadStatusBadge = () => import('./status-badge');
export const StatusBadge = lazy(() => loadStatusBadge().then((module) => ({ default: module.StatusBadge })));
export type { StatusBadgeProps } from './status-badge';
export { AvatarImage, DEFAULT_AVATAR_SRC } from './default-avatar';
export const ConfirmDialog = lazy(() =>
  import('./confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);
export type { ConfirmDialogProps } from './confirm-dialog';
/** A dialog holding a form: Escape closes an open dropdown first; unsaved changes are asked about. */
export const FormDialog = lazy(() =>
  import('./form-dialog').then((module) => ({ default: module.FormDialog })),
);
export type { FormDialogProps } from './form-dialog';
export { LoadingSpinner } from './loading-spinner';
export { WholeTokens } from './whole-tokens';
/** Dashboard and list-summary cards; their CSS comes with the first dashboard. */
const loadStatCards = () => import('./stat-cards/stat-cards');
export const StatCards = lazy(() => loadStatCards().then((module) => ({ default: module.StatCards })));
export const StatCard = lazy(() => loadStatCards().then((module) => ({ default: module.StatCard })));
export type { StatCardProps, StatCardsProps, StatTone } from './stat-cards/stat-cards';
export { ThemedButton, ThemedInput } from './themed-controls';
export { dropdownPassThrough } from './dropdown-pass-through';
export { AccountNameCheck, ACCOUNT_NAME_CHECK_DELAY_MS } from './account-name-check';
export type { AccountNameCheckProps } from './account-name-check';
export type { ThemedButtonProps, ThemedInputProps } from './themed-controls';
/** Generic over its rows like the component it loads (React.lazy alone would drop the type parameter). */
const loadDataTable = () => import('./data-table/data-table');
export const DataTable = lazy(() =>
  loadDataTable().then((module) => ({ default: module.DataTable })),
) as unknown as <Row>(props: DataTableProps<Row>) => ReactElement;
export { serialColumn } from './data-table/serial-column';
export type { DataColumn, DataTableProps } from './data-table/data-table';
const loadPager = () => import('./data-table/pager');
export const Pager = lazy(() => loadPager().then((module) => ({ default: module.Pager }))) as unknown as (
  props: PagerProps,
) => ReactElement;
const PRELOADS = {
  StatCards: loadStatCards,
  DataTable: loadDataTable,
  Pager: loadPager,
  StatusBadge: loadStatusBadge,
} as const;
/**
 * Starts loading the named lazy components' files now, so a page's data and what shows it arrive together rather
 * than one after the other (issue 51: the affiliate's Payouts page on a budget phone). A failed start is left
 * to the component's own load, which tries again when it renders.
 */
export function preloadComponents(...names: (keyof typeof PRELOADS)[]): void {
  for (const name of names) PRELOADS[name]().catch(() => undefined);
}
export type { PagerProps } from './data-table/pager';
export const PageOfPager = lazy(() =>
  import('./data-table/page-of-pager').then((module) => ({ default: module.PageOfPager })),
);
export type { PageOfPagerProps } from './data-table/page-of-pager';
export { ALL_PAGES_THRESHOLD, clampPage, pageCount, pageItems } from './data-table/page-items';
export type { PageItem } from './data-table/page-items';
export const PagedTable = lazy(() =>
  import('./data-table/paged-table').then((module) => ({ default: module.PagedTable })),
) as unknown as <Row>(props: PagedTableProps<Row>) => ReactElement;
export type { PagedTableList, PagedTableProps } from './data-table/paged-table';
/** A list's frame (title, actions, filter card) and its filter fields; their CSS comes with the first list. */
export const ListScreen = lazy(() =>
  import('./list-screen/list-screen').then((module) => ({ default: module.ListScreen })),
);
export const FilterField = lazy(() =>
  import('./list-screen/list-screen').then((module) => ({ default: module.FilterField })),
);
export const SearchFilter = lazy(() =>
  import('./list-screen/list-screen').then((module) => ({ default: module.SearchFilter })),
);
export const ResetFilters = lazy(() =>
  import('./list-screen/list-screen').then((module) => ({ default: module.ResetFilters })),
);
export type { FilterFieldProps, ListScreenProps, SearchFilterProps } from './list-screen/list-screen';
// Every screen loads its data through these two hooks: loading, error (with Retry) and ready are the only states.
export { useLoad } from './data/use-load';
export type { LoadOptions, LoadState, Loaded } from './data/use-load';
export { useEndpoint } from './data/use-endpoint';
export { SEARCH_DEBOUNCE_MS, usePagedList } from './data/use-paged-list';
export type { ListFilters, PageOfRows, PageQuery, PagedList, PagedListOptions } from './data/use-paged-list';
export { LoadFailed } from './data/load-failed';
export { MaskedNumber, useRevealedNumbers } from './masked-number';
export type { MaskedNumberProps, RevealedNumbers } from './masked-number';
// A dashboard's states (loading, error with Retry, ready) and its titled panels: no PrimeReact, so eager.
export { DashboardContent, DashboardPanel, DashboardPanels } from './dashboard/dashboard-panels';
export { RecentActivity } from './dashboard/recent-activity';
export type { RecentActivityItem } from './dashboard/recent-activity';
export type {
  DashboardContentProps,
  DashboardPanelProps,
  DashboardPanelsProps,
} from './dashboard/dashboard-panels';
export { useConfirmedAction } from './data/use-confirmed-action';
export type { ConfirmedAction } from './data/use-confirmed-action';
export { useDateRange } from './filters/use-date-range';
export type { DateRange, DayRange } from './filters/use-date-range';
/** Start Date / End Date pickers; PrimeReact's calendar loads with them. */
export const DateRangeFields = lazy(() =>
  import('./filters/date-range-fields').then((module) => ({ default: module.DateRangeFields })),
);
export type { DateRangeFieldsProps } from './filters/date-range-fields';
/** One day typed or picked as yyyy-mm-dd; PrimeReact's calendar loads with it. */
export const DayField = lazy(() =>
  import('./filters/day-field').then((module) => ({ default: module.DayField })),
);
export type { DayFieldProps } from './filters/day-field';
export type { LoadFailedProps } from './data/load-failed';
// The affiliate list and the login report pull in PrimeReact's calendar, dropdown and dialog. Every page loads
// shared-ui (the sign-in page too), so these two load on first render only, inside the remote's Suspense.
export const AffiliateList = lazy(() =>
  import('./affiliate-list/affiliate-list').then((module) => ({ default: module.AffiliateList })),
);
export type { AffiliateListProps } from './affiliate-list/affiliate-list';
export type { AffiliateListMode } from './affiliate-list/affiliate-modal-actions';
/** Issue 50: the review modal on its own, for the KYC case screen. */
export const AffiliateViewModal = lazy(() =>
  import('./affiliate-list/affiliate-view-modal').then((module) => ({ default: module.AffiliateViewModal })),
);
export type { AffiliateViewModalProps } from './affiliate-list/affiliate-view-modal';
export const LoginReport = lazy(() =>
  import('./login-report/login-report').then((module) => ({ default: module.LoginReport })),
);
export type { LoginReportProps } from './login-report/login-report';
/** Bars per month for the dashboards; its code loads with the first chart. */
export const BarChart = lazy(() =>
  import('./charts/bar-chart').then((module) => ({ default: module.BarChart })),
);
export type { BarChartDatum, BarChartProps } from './charts/bar-chart';
/** Saves an exported report; its code (and the schema it checks the token with) loads on first use. */
export const downloadReport = async (excelPath: string): Promise<boolean> =>
  (await import('./login-report/excel-download')).downloadReport(excelPath);
