import { BackofficeDashboard, DashboardEndpoints } from '@portal/contracts';
import { callEndpoint } from '@portal/shared-ui';

/** `GET user/dashboard` answers the dashboard of the caller's role; here the back office's. */
export async function fetchBackofficeDashboard(signal?: AbortSignal): Promise<BackofficeDashboard> {
  return BackofficeDashboard.parse(await callEndpoint(DashboardEndpoints.dashboard, {}, { signal }));
}
