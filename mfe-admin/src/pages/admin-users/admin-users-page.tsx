// Built by the admin users issue.
export default function AdminUsersPage() {
  return <h1>All Users</h1>;
}
