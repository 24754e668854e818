export function RegistrationStep() {
  return <main><h1>RegistrationStep</h1></main>;
}
