export function ComplianceStep() {
  return <main><h1>ComplianceStep</h1></main>;
}
