import { z } from 'zod';
import { einPattern } from '../ein';
import { refuseUnstorableText } from '../storable-text';

// Filing the SS-4 with the IRS (decision 043): where it is faxed, what a filing and a received fax look
// like on the staff screens, and the requests that file, match and record.

/**
 * The IRS's fax numbers for Form SS-4 ("Where to file" in the form's instructions): the domestic one for
 * a business whose principal place of business is in a state or the District of Columbia, the
 * international one otherwise. E.164.
 */
export const irsFaxNumbers = {
  domestic: '+18556416935',
  international: '+18552151627',
} as const;
export type IrsFaxLine = keyof typeof irsFaxNumbers;

export const irsFaxLineLabels: Record<IrsFaxLine, string> = { domestic: 'Fax (domestic)', international: 'Fax (international)' };

/** Whether `number` (E.164) is one of the IRS's SS-4 fax lines. */
export function isIrsFaxNumber(number: string): boolean {
  return Object.values(irsFaxNumbers).includes(number as (typeof irsFaxNumbers)[IrsFaxLine]);
}

/** A US number written as people read it: `+18556416935` as "(855) 641-6935"; others as given. */
export function formatFaxNumber(e164: string | null): string {
  if (!e164) return '';
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : e164;
}

/** A US telephone or fax number as typed ("(512) 555-0101") in E.164, or null when it is not one. */
export function usNumberToE164(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

export const filingMethods = ['fax', 'online'] as const;
export type FilingMethod = (typeof filingMethods)[number];

/**
 * A filing's states. By fax: held (the IRS's one-a-day rule), queued, sending, delivered or failed; its
 * answer read: answered. Online: filed (waiting for the EIN and the letter), then answered.
 */
export const filingStatuses = ['held', 'queued', 'sending', 'delivered', 'failed', 'filed', 'answered'] as const;
export type FilingStatus = (typeof filingStatuses)[number];

export const filingStatusLabels: Record<FilingStatus, string> = {
  held: 'Held',
  queued: 'Queued',
  sending: 'Sending',
  delivered: 'Delivered',
  failed: 'Failed',
  filed: 'Filed online',
  answered: 'EIN received',
};

/** A filing going, or gone, through: while an order has one, a second filing is refused (and not offered). */
export const activeFilingStatuses = ['held', 'queued', 'sending', 'delivered', 'filed', 'answered'] as const satisfies readonly FilingStatus[];

/** A business day with no answer from the IRS after this many business days is "Overdue at IRS". */
export const irsAnswerBusinessDays = 4;

/** A filing as the order page shows it (`GET /api/manage/orders/:id`). */
export type FilingEntry = {
  id: number;
  method: FilingMethod;
  status: FilingStatus;
  /** The number faxed, E.164; null for an online filing. */
  to: string | null;
  line: IrsFaxLine | null;
  attempts: number;
  pages: number | null;
  sentAt: string | null;
  deliveredAt: string | null;
  failureReason: string | null;
  heldUntil: string | null;
  holdReason: string | null;
  createdAt: string;
  requestedBy: { id: string; name: string } | null;
};

/** The IRS's letter on an order: the fax-back or the uploaded CP 575. */
export type IrsLetterEntry = { id: number; source: 'fax' | 'upload'; pages: number | null; createdAt: string };

/** An order's filing leg, as the order page shows it. */
export type OrderFiling = {
  filings: FilingEntry[];
  /** Where a fax filing of this order goes. */
  faxTo: { number: string; line: IrsFaxLine };
  /** Why the order cannot be filed online (the IRS's online assistant would refuse it), so only by fax; null when it can. */
  onlineRefusal: string | null;
  /** A received fax matched to this order, waiting for staff to confirm its EIN. */
  pendingAnswer: { inboundFaxId: number; ein: string | null; receivedAt: string } | null;
  letters: IrsLetterEntry[];
};

export const inboundFaxStatuses = ['received', 'unmatched', 'matched', 'confirmed', 'dismissed'] as const;
export type InboundFaxStatus = (typeof inboundFaxStatuses)[number];
export const inboundFaxStatusLabels: Record<InboundFaxStatus, string> = {
  received: 'Being read',
  unmatched: 'To match',
  matched: 'To confirm',
  confirmed: 'Confirmed',
  dismissed: 'Set aside',
};

/** An order a received fax may answer: one faxed to the IRS in the last ten business days. */
export type SuggestedOrder = { orderId: number; applicationId: string; companyName: string | null; sentAt: string | null };

/** A received fax on the Fax inbox screen (`GET /api/manage/fax-inbox`). */
export type InboxFax = {
  id: number;
  receivedAt: string;
  from: string | null;
  pages: number | null;
  status: InboundFaxStatus;
  /** How it was matched: by the code printed on the pages, by the reference written beside it, or by staff. */
  matchMethod: 'code' | 'text' | 'staff' | null;
  /** The order it answers, once matched. */
  order: { id: number; applicationId: string; companyName: string | null } | null;
  /** The EIN read from the page (valid IRS prefix), if any. */
  ein: string | null;
  suggestions: SuggestedOrder[];
};

export type FaxInboxResponse = { faxes: InboxFax[] };

const einField = z
  .string({ error: 'Enter the EIN as XX-XXXXXXX' })
  .trim()
  .refine((value) => einPattern.test(value), 'Enter the EIN as XX-XXXXXXX');

/** `POST /api/manage/orders/:id/filings`. */
export const createFilingSchema = z.strictObject({ method: z.enum(filingMethods, { error: 'Choose fax or online' }) });

/** `POST /api/manage/fax-inbox/:id/match`: the order the fax answers and its EIN, as staff read them. */
export const matchFaxSchema = refuseUnstorableText(z.strictObject({ orderId: z.number().int().min(1), ein: einField }));
export type MatchFax = z.infer<typeof matchFaxSchema>;

/** The largest letter staff may upload: a CP 575 is one or two pages. */
export const maxLetterBytes = 5 * 1024 * 1024;

/** `POST /api/manage/orders/:id/filings/:filingId/result`: the EIN the IRS gave online, and its letter (CP 575). */
export const onlineFilingResultSchema = refuseUnstorableText(
  z.strictObject({
    ein: einField,
    /** The letter's PDF, base64. */
    letter: z
      .string({ error: 'Attach the IRS letter (CP 575) as a PDF' })
      .min(8, 'Attach the IRS letter (CP 575) as a PDF')
      .max(Math.ceil((maxLetterBytes * 4) / 3) + 4, 'The letter can be at most 5 MB'),
  }),
);
export type OnlineFilingResult = z.infer<typeof onlineFilingResultSchema>;

export const filingMessages = {
  notSigned: 'The customer has not signed the SS-4 yet: it can be filed once it is signed.',
  alreadyFiling: 'This order has a filing under way already.',
  notOnline: 'Only an online filing takes a result here.',
  onlineNeedsTaxpayerNumber:
    "The responsible party has no SSN or ITIN, which the IRS's online assistant requires: this order is filed by fax.",
  onlineNeedsUsLocation:
    "The business has no principal place in the United States or a territory, which the IRS's online assistant requires: this order is filed by fax.",
  letterNotPdf: 'The letter must be a PDF.',
  noLetter: 'This order has no IRS letter yet.',
  letterErased: "This order's personal data was erased, its IRS letter with it.",
  faxNotFound: 'No such fax.',
  orderNotSuggested: 'Choose an order this fax may answer.',
  alreadyConfirmed: 'This fax has been confirmed already.',
  held: (day: string) => `Held until ${day}: the IRS assigns one EIN per responsible party a day, and another filing for this responsible party was sent today.`,
} as const;
