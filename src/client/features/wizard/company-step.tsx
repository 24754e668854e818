export function CompanyStep() {
  return <main><h1>CompanyStep</h1></main>;
}
