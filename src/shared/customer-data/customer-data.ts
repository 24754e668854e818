import { z } from 'zod';
import { refuseUnstorableText } from '../storable-text';
import type { OrderStatus } from '../orders/lifecycle';

// Customer data requests (`/manage/customer-data`, admins only): find what is held about an e-mail
// address, export it as a JSON file, or delete it (decision 027).

export const customerDataMessages = {
  email: 'Enter the e-mail address the customer used',
  orderOrEmail: 'Give an e-mail address or an order number',
  nothingHeld: 'Nothing is held about this e-mail address.',
  openOrders: 'This customer has an order still open. Complete or cancel it before deleting their data.',
  paymentInProgress: 'A payment by this customer is being completed. Try again in a few minutes.',
  deleted: 'The customer\u2019s personal data was deleted. Paid orders keep their bookkeeping fields.',
  exported: 'The export was downloaded.',
} as const;

const email = z.string().trim().toLowerCase().max(254, customerDataMessages.email).pipe(z.email(customerDataMessages.email));

/** `POST /api/manage/customer-data/lookup`: by e-mail (the search) or by order (the order page's action). */
export const customerDataLookupSchema = refuseUnstorableText(
  z
    .strictObject({ email: email.optional(), orderId: z.number().int().positive().max(2_147_483_647).optional() })
    .refine((lookup) => (lookup.email === undefined) !== (lookup.orderId === undefined), { message: customerDataMessages.orderOrEmail, path: ['email'] }),
);
export type CustomerDataLookup = z.infer<typeof customerDataLookupSchema>;

/** `POST /api/manage/customer-data/export` and `/delete`: always by the e-mail address. */
export const customerDataRequestSchema = refuseUnstorableText(z.strictObject({ email }));
export type CustomerDataRequest = z.infer<typeof customerDataRequestSchema>;

export type CustomerDataOrder = {
  id: number;
  number: string;
  status: OrderStatus;
  createDate: string;
  /** Still being worked: deletion waits for it. */
  open: boolean;
  /** When its personal data was erased (retention or an earlier request); null while held. */
  erasedAt: string | null;
};

export type CustomerDataSummary = {
  email: string;
  orders: CustomerDataOrder[];
  /** Unpaid checkouts still holding an application. */
  unpaidCheckouts: number;
  /** Rows held, by kind (each collector of the export). */
  counts: Record<string, number>;
  /** Whether deletion would be accepted now; otherwise why not. */
  deletable: boolean;
  blockedReason: string | null;
};

export type CustomerDataDeletion = {
  orders: number;
  checkouts: number;
  emails: number;
  signingRequests: number;
  documentLinks: number;
  comments: number;
  mailFiles: number;
};
