// Built by the admin dashboard issue.
export default function AdminDashboardPage() {
  return <h1>Admin Dashboard</h1>;
}
