import { AdminDashboard, DashboardEndpoints } from '@portal/contracts';
import { callEndpoint } from '@portal/shared-ui';

/** `GET user/dashboard` answers the dashboard of the caller's role; here the admin's. */
export async function fetchAdminDashboard(signal?: AbortSignal): Promise<AdminDashboard> {
  return AdminDashboard.parse(await callEndpoint(DashboardEndpoints.dashboard, {}, { signal }));
}
