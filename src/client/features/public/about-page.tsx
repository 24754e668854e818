export function AboutPage() {
  return <main><h1>AboutPage</h1></main>;
}
