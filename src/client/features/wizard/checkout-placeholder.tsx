export function CheckoutPlaceholder() {
  return <main><h1>CheckoutPlaceholder</h1></main>;
}
