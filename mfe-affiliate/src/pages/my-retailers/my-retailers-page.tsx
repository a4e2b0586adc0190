// Built by the affiliate network issue.
export default function MyRetailersPage() {
  return <h1>My Retailers</h1>;
}
