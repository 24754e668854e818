const paymentMethodNames: Record<string, string> = {
  card: 'Credit/Debit Card',
  cashapp: 'Cash App',
  cashapp_pay: 'Cash App',
  us_bank_account: 'Bank Account',
  amazon_pay: 'Amazon Pay',
  paypal: 'PayPal',
  link: 'Link',
  google_pay: 'Google Pay',
  apple_pay: 'Apple Pay',
  klarna: 'Klarna',
  affirm: 'Affirm',
  afterpay_clearpay: 'Afterpay',
};

/** A payment method's display name; an unknown value is shown raw, none as 'Not specified'. */
export function paymentMethodName(method: string | null | undefined): string {
  if (!method) return 'Not specified';
  return paymentMethodNames[method] ?? method;
}
