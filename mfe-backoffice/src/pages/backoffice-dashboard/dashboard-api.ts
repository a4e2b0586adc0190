import { BackofficeDashboard } from '@portal/contracts';
import { getJson } from '@portal/shared-ui';

/** `GET user/dashboard` answers the dashboard of the caller's role; here the back office's. */
export function fetchBackofficeDashboard(): Promise<BackofficeDashboard> {
  return getJson('user/dashboard', BackofficeDashboard);
}
