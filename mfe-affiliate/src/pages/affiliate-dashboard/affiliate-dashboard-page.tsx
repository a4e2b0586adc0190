// Built by the affiliate dashboard issue.
export default function AffiliateDashboardPage() {
  return <h1>Affiliate Dashboard</h1>;
}
