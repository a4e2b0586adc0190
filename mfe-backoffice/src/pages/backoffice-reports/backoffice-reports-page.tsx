import { LoginReport } from '@portal/shared-ui';

/** backoffice/reports: the Affiliate Login Report. */
export default function BackofficeReportsPage() {
  return <LoginReport title="Reports" />;
}
