// Built by the orders issue.
export default function MyOrdersPage() {
  return <h1>My Orders</h1>;
}
