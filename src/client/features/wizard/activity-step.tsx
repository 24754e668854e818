export function ActivityStep() {
  return <main><h1>ActivityStep</h1></main>;
}
