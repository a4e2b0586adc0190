// Built by the re-KYC issue.
export default function ReKycPage() {
  return <h1>Re KYC</h1>;
}
