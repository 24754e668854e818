// Who sells the service: the name customers know it by, and the company that takes their money
// (named on every customer e-mail and on the payment receipt).
export const seller = {
  name: 'EIN Filing Service',
  legalName: 'EIN Filing Service LLC',
} as const;
