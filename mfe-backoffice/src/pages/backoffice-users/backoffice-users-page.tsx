import { AffiliateList } from '@portal/shared-ui';

/** backoffice/users: the affiliate list in back-office mode (no Download Excel, no Active). */
export default function BackofficeUsersPage() {
  return <AffiliateList mode="backoffice" title="Affiliate Users" />;
}
