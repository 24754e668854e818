import { describe, expect, it } from 'vitest';
import { checkoutRequestSchema } from './checkout/checkout';
import { fieldErrors } from './field-errors';
import { sampleApplication } from './application/sample-application';
import { hiddenCharactersMessage, isStorableText, unstorableTextMessage, unstorableTextPaths } from './storable-text';
import { signSubmissionSchema, signingMessages, voidSignatureSchema } from './signing/signing';
import { refundRequestSchema } from './refunds/refunds';
import { passwordProblem, passwordRuleMessages } from './staff/password-rule';
import { newCommentSchema } from './fulfilment/comments';
import { createUserSchema, newUserDefaults, updateUserSchema } from './staff/users';
import { orderListRequestSchema, orderUpdateSchema } from './fulfilment/orders';

const nul = 'Acme\u0000 LLC';
const loneHigh = 'Acme \uD83D LLC';
const loneLow = 'Acme \uDE00 LLC';
const reversedPair = 'Acme \uDE00\uD83D LLC';
const hostile = [nul, loneHigh, loneLow, reversedPair];

describe('isStorableText', () => {
  it('accepts text, accents and whole emoji', () => {
    for (const text of ['', 'Hill Country Woodworks LLC', 'Zoë Ñúñez', 'Café 😀 LLC', '\uD83D\uDE00']) expect(isStorableText(text), text).toBe(true);
  });
  it('refuses a NUL and every kind of lone surrogate', () => {
    for (const text of [...hostile, '\uD83D', '\uDE00', '\u0000']) expect(isStorableText(text), JSON.stringify(text)).toBe(false);
  });
  it('finds bad strings and keys anywhere in a value', () => {
    expect(unstorableTextPaths({ a: ['ok', nul], b: { c: loneHigh, [loneLow]: 'x' }, d: 1 })).toEqual([['a', 1], ['b', 'c'], ['b', loneLow]]);
  });
});

const draftId = '2f1d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b';

describe('every free-text field of the requests refuses unstorable text with a message at that field', () => {
  const applicationFields: [string, (text: string) => Parameters<typeof sampleApplication>[0]][] = [
    ['application.company.companyName', (text) => ({ company: { companyName: text } })],
    ['application.registration.streetAddress', (text) => ({ registration: { streetAddress: text } })],
    ['application.registration.city', (text) => ({ registration: { city: text } })],
    ['application.contact.contactFirstName', (text) => ({ contact: { contactFirstName: text } })],
    ['application.contact.rpTitle', (text) => ({ contact: { rpTitle: text } })],
    ['application.activity.principalProductOrService', (text) => ({ activity: { principalProductOrService: `${text} tables and chairs` } })],
    ['application.activity.manufacturingGoodsType', (text) => ({ activity: { manufacturingGoodsType: `${text} furniture` } })],
  ];

  for (const [path, overrides] of applicationFields) {
    it.each(hostile.map((text) => [JSON.stringify(text), text]))(`checkout: ${path} with %s`, (_label, text) => {
      const result = checkoutRequestSchema.safeParse({ draftId, email: 'buyer@example.com', application: sampleApplication(overrides(text)) });
      expect(result.success).toBe(false);
      const errors = fieldErrors(result.error!);
      // Whatever else the page rule says of the text, the field is told what is wrong with it.
      expect(Object.entries(errors).some(([key, messages]) => key.endsWith(path.split('.').at(-1)!) && messages.includes(unstorableTextMessage)), JSON.stringify(errors)).toBe(true);
    });
  }

  it('checkout: the sample application itself passes', () => {
    expect(checkoutRequestSchema.safeParse({ draftId, email: 'buyer@example.com', application: sampleApplication({ activity: { principalProductOrService: 'Café 😀 tables and chairs' } }) }).success).toBe(true);
  });

  it.each(hostile)('comment, notes, user name and search refuse %j', (text) => {
    const comment = newCommentSchema.safeParse({ text });
    expect(fieldErrors(comment.error!).text).toContain(unstorableTextMessage);

    const update = orderUpdateSchema.safeParse({ version: 1, status: 'preparing_ss4_form', priority: 'standard', assignedTo: null, notes: text, ein: '' });
    expect(fieldErrors(update.error!).notes).toContain(unstorableTextMessage);

    const created = createUserSchema.safeParse({ ...newUserDefaults, name: text, email: 'new@example.com', password: 'secret-password' });
    expect(fieldErrors(created.error!).name).toContain(unstorableTextMessage);
    const updated = updateUserSchema.safeParse({ ...newUserDefaults, name: text, email: 'new@example.com' });
    expect(fieldErrors(updated.error!).name).toContain(unstorableTextMessage);

    const search = orderListRequestSchema.safeParse({ search: text });
    expect(fieldErrors(search.error!).search).toContain(unstorableTextMessage);
  });

  it('the search keeps its leniency for everything else', () => {
    expect(orderListRequestSchema.parse({ search: ' jane ' }).search).toBe('jane');
    expect(orderListRequestSchema.parse({}).search).toBe('');
    expect(orderListRequestSchema.parse({ search: ['a', 'b'] }).search).toBe('');
    expect(orderListRequestSchema.parse({ search: 'x'.repeat(300) }).search).toBe('');
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('a principal activity of %s is a message, not a crash', (answer) => {
    const application = sampleApplication();
    const result = checkoutRequestSchema.safeParse({ draftId, email: 'buyer@example.com', application: { ...application, activity: { ...application.activity, principalActivity: answer } } });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toHaveProperty(['application.activity.principalActivity']);
  });
});

describe('hidden characters (decision 055)', () => {
  const rightToLeftOverride = 'Acme \u202ECLL\u202C';
  const zeroWidthSpace = 'Acme\u200B LLC';
  const isolate = 'Acme \u2067LLC\u2069';

  it.each([rightToLeftOverride, zeroWidthSpace, isolate, 'Acme\uFEFF LLC', 'Acme\u200E LLC'])('the IRS form\'s text refuses %j at its field', (text) => {
    // The name and the addresses keep to the IRS's own letters already; the rest of the form's text is free.
    for (const [path, overrides] of [
      ['application.activity.principalProductOrService', { activity: { principalProductOrService: `${text} tables` } }],
      ['application.activity.manufacturingGoodsType', { activity: { manufacturingGoodsType: `${text} furniture` } }],
      ['application.contact.rpTitle', { contact: { rpTitle: text } }],
      ['application.contact.contactFirstName', { contact: { contactFirstName: text } }],
    ] as const) {
      const result = checkoutRequestSchema.safeParse({ draftId, email: 'buyer@example.com', application: sampleApplication(overrides) });
      expect(result.success, path).toBe(false);
      expect(fieldErrors(result.error!)[path], path).toContain(hiddenCharactersMessage);
    }
    const signature = signSubmissionSchema.safeParse({ name: 'John Public', title: text, signature: { kind: 'typed' }, consents: {} });
    expect(fieldErrors(signature.error!).title).toContain(hiddenCharactersMessage);
  });

  it('names, comments, notes and reasons lose their zero-width characters and refuse a direction control', () => {
    expect(newCommentSchema.parse({ text: 'Called\u200B the\u2060 customer\uFEFF' }).text).toBe('Called the customer');
    expect(createUserSchema.parse({ ...newUserDefaults, name: 'Ana\u200D Ruiz', email: 'ana@example.com', password: 'amber falcon 42 quietly' }).name).toBe('Ana Ruiz');
    expect(orderUpdateSchema.parse({ version: 1, status: 'preparing_ss4_form', priority: 'standard', assignedTo: null, notes: 'Checked\u200C.', ein: '' }).notes).toBe('Checked.');
    expect(voidSignatureSchema.parse({ reason: 'The name\u200B on line 1 was misspelled.' }).reason).toBe('The name on line 1 was misspelled.');

    expect(fieldErrors(newCommentSchema.safeParse({ text: rightToLeftOverride }).error!).text).toContain(hiddenCharactersMessage);
    expect(fieldErrors(createUserSchema.safeParse({ ...newUserDefaults, name: isolate, email: 'ana@example.com', password: 'amber falcon 42 quietly' }).error!).name).toContain(hiddenCharactersMessage);
    expect(fieldErrors(refundRequestSchema.safeParse({ amountCents: 100, reason: 'other', note: `Refund ${rightToLeftOverride}` }).error!).note).toContain(hiddenCharactersMessage);
    // A missing reason still gets its own message.
    expect(fieldErrors(voidSignatureSchema.safeParse({}).error!).reason).toEqual([signingMessages.voidReasonRequired]);
  });

  it('accepts accents, emoji and right-to-left letters themselves', () => {
    expect(newCommentSchema.parse({ text: 'Zoë said 👍 — شكرا' }).text).toBe('Zoë said 👍 — شكرا');
    expect(checkoutRequestSchema.safeParse({ draftId, email: 'buyer@example.com', application: sampleApplication({ activity: { principalProductOrService: 'Café 😀 tables' } }) }).success).toBe(true);
  });
});

describe('a staff password with a control character', () => {
  it.each(['amber falcon\u0000 42 quietly', 'amber falcon\t42 quietly', 'amber falcon\u007F42 quietly', 'amber falcon\u008542 quietly'])('%j is refused', (password) => {
    expect(passwordProblem(password, {})).toBe(passwordRuleMessages.controlCharacter);
    expect(fieldErrors(createUserSchema.safeParse({ ...newUserDefaults, name: 'Ana Ruiz', email: 'ana@example.com', password }).error!).password).toContain(passwordRuleMessages.controlCharacter);
  });
});
