import { z } from 'zod';
import { checkoutMessages } from './checkout-messages';

/** The e-mail the receipt and the EIN go to, on step 6. */
export const billingEmailSchema = z
  .email({ error: () => checkoutMessages.email })
  .max(254, { error: () => checkoutMessages.emailTooLong });
