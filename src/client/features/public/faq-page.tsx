export function FaqPage() {
  return <main><h1>FaqPage</h1></main>;
}
