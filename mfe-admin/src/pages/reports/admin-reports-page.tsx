import { LoginReport } from '@portal/shared-ui';

/** admin/reports: the Affiliate Login Report. */
export default function AdminReportsPage() {
  return <LoginReport title="Reports" />;
}
