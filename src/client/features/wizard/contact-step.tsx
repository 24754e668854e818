export function ContactStep() {
  return <main><h1>ContactStep</h1></main>;
}
