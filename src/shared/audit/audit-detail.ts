import { formatUsd } from '../money';
import { orderStatusLabels } from '../orders/lifecycle';
import { isSystemChanger, systemChangerLabels } from '../orders/status-changers';
import { disputeStatusLabels, refundReasonLabels } from '../refunds/refunds';
import { staffRoleTable } from '../staff/permissions';
import { revealedNumberKinds } from '../fulfilment/orders';

// What an audit row's detail says, in words: the trail stores each change's facts under short keys
// (`amountCents: 14900`, `byRefund: true`), and the screen and the CSV export show them as
// "Amount: $149.00; Because: the payment was refunded in full". Every key the server writes has its
// label here; a key this build does not know is still written in words ("someNewKey" as "Some new key").

/** Who an account id in a detail is (the assignee before and after, say); undefined when unknown. */
export type AuditMemberName = (id: string) => string | undefined;

type DetailContext = { action: string; memberName: AuditMemberName };

type DetailKey = {
  label: string;
  /** The value in words; without it, the value as plain text. */
  words?: (value: unknown, context: DetailContext) => string;
};

const wordsFrom =
  (table: Readonly<Record<string, string>>) =>
  (value: unknown): string =>
    typeof value === 'string' && Object.hasOwn(table, value) ? table[value]! : plainText(value);

const yesNo = (value: unknown) => (value === true ? 'yes' : value === false ? 'no' : plainText(value));
const numbered = (value: unknown) => (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)) ? `#${value}` : plainText(value));
const dollars = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? formatUsd(value) : plainText(value));

function member(value: unknown, { memberName }: DetailContext): string {
  if (value === null || value === undefined || value === '') return 'nobody';
  if (typeof value !== 'string') return plainText(value);
  return memberName(value) ?? 'a deleted account';
}

const roleLabel = (value: unknown) => (typeof value === 'string' && Object.hasOwn(staffRoleTable, value) ? staffRoleTable[value as keyof typeof staffRoleTable].label : plainText(value));

const statusLabel = (value: unknown) => (typeof value === 'string' && Object.hasOwn(orderStatusLabels, value) ? orderStatusLabels[value as keyof typeof orderStatusLabels] : plainText(value));

/** Why access or a sign-in was refused, or why a refund was made: the reason's words depend on the row. */
const deniedReasons: Record<string, string> = {
  not_assigned: 'the order is not assigned to them',
  no_role: 'the account has no staff role',
  suspended: 'the account is suspended',
  password_change: 'wrong current password when changing it',
  password_confirmation: 'wrong password when setting up two-factor sign-in',
};

function reason(value: unknown, { action }: DetailContext): string {
  if (typeof value !== 'string') return plainText(value);
  if (action.startsWith('refund') || action === 'order_cancelled_by_customer') return wordsFrom(refundReasonLabels)(value);
  if (action.startsWith('dispute')) return humanize(value).toLowerCase();
  const permission = /^missing_permission:(.+)$/.exec(value);
  if (permission) return `the role lacks the permission \u201c${permission[1]}\u201d`;
  return deniedReasons[value] ?? humanize(value).toLowerCase();
}

/** A before and after: statuses for a status change, accounts for an assignment, as they are otherwise. */
function change(value: unknown, context: DetailContext): string {
  if (context.action === 'order_status_changed') return value === null ? 'none' : statusLabel(value);
  if (context.action === 'order_assignment_changed') return member(value, context);
  return plainText(value);
}

const fieldNames: Record<string, string> = {
  name: 'name',
  email: 'e-mail',
  role: 'role',
  notificationEnabled: 'e-mail notifications',
  priorityFulfiller: 'priority fulfiller',
  suspended: 'suspended',
  password: 'password',
};

/** Every key the server writes, in the order a row's facts are read. */
const detailKeys: Record<string, DetailKey> = {
  refundId: { label: 'Refund', words: numbered },
  disputeId: { label: 'Dispute' },
  requestId: { label: 'Signing request', words: numbered },
  amountCents: { label: 'Amount', words: dollars },
  status: { label: 'Status', words: wordsFrom(disputeStatusLabels) },
  reason: { label: 'Reason', words: reason },
  from: { label: 'From', words: change },
  to: { label: 'To', words: change },
  byRefund: { label: 'Because', words: () => 'the payment was refunded in full' },
  madeBy: { label: 'Made by', words: (value) => (value === 'customer' ? 'the customer' : typeof value === 'string' && isSystemChanger(value) ? systemChangerLabels[value] : plainText(value)) },
  byDispute: { label: 'Because', words: (value) => `the payment was disputed (${plainText(value)})` },
  assignedTo: { label: 'Assigned to', words: member },
  providerRefundId: { label: 'Provider reference' },
  state: { label: 'Outcome', words: wordsFrom({ succeeded: 'refunded', pending: 'waiting for the payment provider', failed: 'failed' }) },
  message: { label: 'Provider message' },
  field: { label: 'Which SSN', words: wordsFrom({ rpSSN: "the responsible party's", rpItin: "the responsible party's ITIN", decedentSSN: "the decedent's", grantorSSN: "the grantor's" }) },
  taxIdType: { label: 'Taxpayer number', words: wordsFrom(revealedNumberKinds) },
  result: { label: 'Result', words: wordsFrom({ readable: 'shown', none: 'none on the order', unreadable: 'could not be decrypted' }) },
  ssn: { label: 'SSN on the form', words: wordsFrom({ readable: 'filled in', none: 'none on the order', unreadable: 'could not be decrypted, left blank' }) },
  step: {
    label: 'During',
    words: wordsFrom({ sign_in: 'sign-in', two_factor: 'the two-factor code at sign-in', step_up: 'confirming it is them before a sensitive action', enrolment: 'two-factor set-up' }),
  },
  outcome: { label: 'Outcome', words: wordsFrom({ wrong: 'wrong code', expired: 'the sign-in had expired', locked: 'locked after too many codes' }) },
  secondFactor: { label: 'Second factor', words: wordsFrom({ code: 'authenticator code', recovery_code: 'recovery code' }) },
  session: { label: 'Session' },
  changed: { label: 'Changed', words: (value) => (Array.isArray(value) ? value.map((field) => fieldNames[String(field)] ?? humanize(String(field)).toLowerCase()).join(', ') : plainText(value)) },
  name: { label: 'Name' },
  email: { label: 'E-mail' },
  role: { label: 'Role', words: roleLabel },
  suspended: { label: 'Suspended', words: yesNo },
  notificationEnabled: { label: 'E-mail notifications', words: yesNo },
  priorityFulfiller: { label: 'Priority fulfiller', words: yesNo },
  unassignedOrders: { label: 'Orders unassigned' },
  via: { label: 'Through', words: (value) => (value === 'command line' ? 'the npm run staff command' : value === 'first start' ? 'the first start' : plainText(value)) },
  counters: { label: 'Failed-attempt counters cleared' },
  route: { label: 'Request' },
  orderIds: { label: 'Order ids' },
  counts: { label: 'Records' },
  checkouts: { label: 'Checkouts' },
  checkoutsPaidMeanwhile: { label: 'Checkouts paid meanwhile (kept)' },
  orders: { label: 'Orders' },
  signingRequests: { label: 'Signing requests' },
  comments: { label: 'Comments' },
  emails: { label: 'E-mails' },
  mailFiles: { label: 'Mail copies' },
  windows: { label: 'Kept for' },
  unpaidCheckoutHours: { label: 'unpaid checkouts', words: (value) => unit(value, 'hour') },
  orderDays: { label: 'orders', words: (value) => unit(value, 'day') },
  mailDays: { label: 'e-mails', words: (value) => unit(value, 'day') },
};

function unit(value: unknown, name: string): string {
  return typeof value === 'number' ? `${value.toLocaleString('en-US')} ${name}${value === 1 ? '' : 's'}` : plainText(value);
}

/** "someNewKey" or "some_new_key" as "Some new key". */
function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function plainText(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(plainText).join(', ');
  return JSON.stringify(value);
}

const keyOrder = Object.keys(detailKeys);

/**
 * The facts in the order `detailKeys` lists them (the database keeps a detail's keys in an order of
 * its own), then any other key alphabetically: "From … To …", "Amount …; Reason …".
 */
function inReadingOrder(entries: [string, unknown][]): [string, unknown][] {
  const rank = (key: string) => {
    const index = keyOrder.indexOf(key);
    return index === -1 ? keyOrder.length : index;
  };
  return [...entries].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

function entryWords(key: string, value: unknown, context: DetailContext): string {
  const known = Object.hasOwn(detailKeys, key) ? detailKeys[key] : undefined;
  // An amount's key names its unit ("feeCents"); its value is written in dollars, so the label drops it.
  const label = known?.label ?? humanize(key.replace(/(.)Cents$/, '$1'));
  return `${label}: ${valueWords(key, value, context)}`;
}

function valueWords(key: string, value: unknown, context: DetailContext): string {
  const known = Object.hasOwn(detailKeys, key) ? detailKeys[key] : undefined;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    // A change of one field: "Role: Fulfiller → Admin".
    if (entries.length === 2 && 'from' in value && 'to' in value) {
      const { from, to } = value as { from: unknown; to: unknown };
      const words = known?.words ?? plainText;
      return `${words(from, context)} \u2192 ${words(to, context)}`;
    }
    if (entries.length === 0) return 'none';
    return inReadingOrder(entries)
      .map(([innerKey, innerValue]) => entryWords(innerKey, innerValue, context))
      .join(', ');
  }
  if (known?.words) return known.words(value, context);
  if (/Cents$/.test(key)) return dollars(value);
  return plainText(value);
}

/**
 * A row's detail as one line of words, for the screen and the CSV export: each fact by its label,
 * amounts in dollars, statuses and reasons by their names, accounts by `memberName`.
 */
export function auditDetailText(action: string, detail: Record<string, unknown> | null, memberName: AuditMemberName = () => undefined): string {
  if (!detail) return '';
  const context: DetailContext = { action, memberName };
  return inReadingOrder(Object.entries(detail))
    .map(([key, value]) => entryWords(key, value, context))
    .join('; ');
}
