import { AffiliateList } from '@portal/shared-ui';

/** admin/affiliates: flagged as admin, titled Affiliate Users (spec §2). */
export default function AdminAffiliatesPage() {
  return <AffiliateList mode="admin" title="Affiliate Users" />;
}
