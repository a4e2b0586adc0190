// Package entry of @portal/shared-ui (the one place a barrel is allowed).
import { lazy } from 'react';

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
  errorMessageOf,
  getJson,
  httpClient,
  postJson,
} from './http-client';
export type { ResponseParser } from './http-client';
export { navigateTo, setNavigator } from './navigation';
export type { Navigator } from './navigation';
export {
  LOGIN_PATH,
  PAGE_NOT_FOUND_PATH,
  RE_KYC_PATH,
  UPDATE_PASSWORD_PATH,
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
export { formatDate, formatNaira } from './format';
export { StatusBadge, statusSeverity } from './status-badge';
export type { BadgeSeverity } from './status-badge';
export { AvatarImage, DEFAULT_AVATAR_SRC } from './default-avatar';
export const ConfirmDialog = lazy(() => import('./confirm-dialog').then((module) => ({ default: module.ConfirmDialog })));
export type { ConfirmDialogProps } from './confirm-dialog';
export { LoadingSpinner } from './loading-spinner';
export { DataTable, serialColumn } from './data-table/data-table';
export type { DataColumn, DataTableProps } from './data-table/data-table';
export { Pager } from './data-table/pager';
export type { PagerProps } from './data-table/pager';
export { ALL_PAGES_THRESHOLD, clampPage, pageCount, pageItems } from './data-table/page-items';
export type { PageItem } from './data-table/page-items';
export { SEARCH_DEBOUNCE_MS, useDebouncedValue } from './data-table/use-debounced-value';
// The affiliate list and the login report pull in PrimeReact's calendar, dropdown and dialog. Every page loads
// shared-ui (the sign-in page too), so these two load on first render only, inside the remote's Suspense.
export const AffiliateList = lazy(() =>
  import('./affiliate-list/affiliate-list').then((module) => ({ default: module.AffiliateList })),
);
export type { AffiliateListProps } from './affiliate-list/affiliate-list';
export type { AffiliateListMode } from './affiliate-list/affiliate-modal-actions';
export const LoginReport = lazy(() =>
  import('./login-report/login-report').then((module) => ({ default: module.LoginReport })),
);
export type { LoginReportProps } from './login-report/login-report';
export { downloadReport } from './login-report/excel-download';
