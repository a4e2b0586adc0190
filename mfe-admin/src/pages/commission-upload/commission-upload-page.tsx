// Built by the commission upload issue.
export default function CommissionUploadPage() {
  return <h1>Upload Commission Details</h1>;
}
