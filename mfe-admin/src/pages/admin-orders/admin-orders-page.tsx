// Built by the orders issue.
export default function AdminOrdersPage() {
  return <h1>Order Management</h1>;
}
