// Built by the admin users issue.
export default function AddUserPage() {
  return <h1>Create User</h1>;
}
