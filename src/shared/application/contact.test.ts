import { describe, expect, it } from 'vitest';
import { contactDefaults, contactSchema, type Contact } from './contact';
import { sampleSection } from './sample-application';
import { fieldErrors } from '../field-errors';

// An LLC's answers with every field of the form present (trustee fields empty).
const valid: Contact = { ...contactDefaults, ...sampleSection('contact', { entityType: 'LLC' }) };

const trust: Contact = {
  ...valid,
  entityType: 'Trust',
  trustFilingAsEstate: false,
  trusteeFirstName: 'Mary',
  trusteeMiddleName: '',
  trusteeLastName: 'Major',
  trusteeSuffix: 'Jr',
  grantorSSN: '222334444',
};

const estate: Contact = { ...valid, entityType: 'Estate', decedentSSN: '111223333' };

/** The messages of a parse, by dotted field path. */
const messagesOf = (input: unknown) => fieldErrors(contactSchema.safeParse(input).error);

const nameCharacters = 'The IRS accepts only the letters A-Z, spaces, hyphens (-) and ampersands (&)';
const tooLong = 'Must be 50 characters or fewer';

describe('contactSchema', () => {
  const requiredNames = [
    ['contactFirstName', 'First name is required'],
    ['contactLastName', 'Last name is required'],
    ['rpFirstName', 'First name is required'],
    ['rpLastName', 'Last name is required'],
  ] as const;

  it.each(requiredNames)('requires %s: "%s"', (field, message) => {
    expect(messagesOf({ ...valid, [field]: '' })[field]).toEqual([message]);
    expect(messagesOf({ ...valid, [field]: '  ' })[field]).toEqual([message]);
  });

  const allNames = ['contactFirstName', 'contactMiddleName', 'contactLastName', 'rpFirstName', 'rpMiddleName', 'rpLastName'] as const;

  it.each(allNames)('limits %s to letters, spaces, hyphens and ampersands, 50 characters', (field) => {
    expect(messagesOf({ ...valid, [field]: "O'Brien" })[field]).toEqual([nameCharacters]);
    expect(messagesOf({ ...valid, [field]: 'José' })[field]).toEqual([nameCharacters]);
    expect(messagesOf({ ...valid, [field]: 'Núñez-García' })[field]).toEqual([nameCharacters]);
    // The names the wizard offers instead are accepted.
    expect(messagesOf({ ...valid, [field]: 'OBrien' })[field]).toBeUndefined();
    expect(messagesOf({ ...valid, [field]: 'Nunez-Garcia' })[field]).toBeUndefined();
    expect(messagesOf({ ...valid, [field]: 'Jane2' })[field]).toEqual([nameCharacters]);
    expect(messagesOf({ ...valid, [field]: 'a'.repeat(51) })[field]).toEqual([tooLong]);
    expect(messagesOf({ ...valid, [field]: 'Mary-Jane & Co' })[field]).toBeUndefined();
    expect(messagesOf({ ...valid, [field]: 'a'.repeat(50) })[field]).toBeUndefined();
  });

  it.each<[string, Partial<Contact>, string, string]>([
    ['a phone number without the format', { phoneNumber: '5125550147' }, 'phoneNumber', 'Valid phone number required'],
    ['a partly typed phone number', { phoneNumber: '(512) 555-01' }, 'phoneNumber', 'Valid phone number required'],
    ['no phone number', { phoneNumber: '' }, 'phoneNumber', 'Valid phone number required'],
    ['an e-mail address without a domain', { emailAddress: 'jane@' }, 'emailAddress', 'Valid email address required'],
    ['no e-mail address', { emailAddress: '' }, 'emailAddress', 'Valid email address required'],
    ['a responsible party e-mail without @', { rpEmail: 'john.example.com' }, 'rpEmail', 'Enter a valid email address'],
    ['no responsible party e-mail', { rpEmail: '' }, 'rpEmail', 'Enter a valid email address'],
    ['no title', { rpTitle: '' }, 'rpTitle', 'Title is required'],
    ['a one-letter title', { rpTitle: 'C ' }, 'rpTitle', 'Title is required'],
    ['a title over 50 characters', { rpTitle: 'a'.repeat(51) }, 'rpTitle', tooLong],
    ['an 8-digit SSN', { rpSSN: '12345678' }, 'rpSSN', 'Enter 9 digits'],
    ['an SSN with hyphens', { rpSSN: '123-45-6789' }, 'rpSSN', 'Enter 9 digits'],
    ['no SSN', { rpSSN: '' }, 'rpSSN', 'Enter 9 digits'],
    ['a formatted responsible party phone', { rpPhone: '(512) 555-0148' }, 'rpPhone', 'Enter 10 digits'],
    ['a 9-digit responsible party phone', { rpPhone: '512555014' }, 'rpPhone', 'Enter 10 digits'],
    ['no entity type marker', { entityType: '' }, 'entityType', 'Entity type is required'],
    ['an unknown entity type marker', { entityType: 'Cooperative' }, 'entityType', 'Entity type is required'],
  ])('rejects %s', (_case, change, path, message) => {
    expect(messagesOf({ ...valid, ...change })[path]).toEqual([message]);
  });

  it.each<[string, Partial<Contact>, string, string]>([
    ['no trustee first name', { trusteeFirstName: '' }, 'trusteeFirstName', 'First name is required'],
    ['a missing trustee first name', { trusteeFirstName: undefined }, 'trusteeFirstName', 'First name is required'],
    ['no trustee last name', { trusteeLastName: ' ' }, 'trusteeLastName', 'Last name is required'],
    ['a trustee name with digits', { trusteeLastName: 'Major3' }, 'trusteeLastName', nameCharacters],
    ['a trustee middle name with a dot', { trusteeMiddleName: 'J.' }, 'trusteeMiddleName', nameCharacters],
    ['a trustee first name over 50 characters', { trusteeFirstName: 'a'.repeat(51) }, 'trusteeFirstName', tooLong],
    ['an unknown suffix', { trusteeSuffix: 'Esq' as Contact['trusteeSuffix'] }, 'trusteeSuffix', 'Select a suffix from the list'],
  ])('for a trust, rejects %s', (_case, change, path, message) => {
    expect(messagesOf({ ...trust, ...change })[path]).toEqual([message]);
  });

  it('reports the trustee names together with the field-level messages', () => {
    expect(
      messagesOf({ ...trust, contactFirstName: '', rpSSN: '1', rpEmail: 'x', trusteeFirstName: '', trusteeLastName: '' }),
    ).toEqual({
      contactFirstName: ['First name is required'],
      rpSSN: ['Enter 9 digits'],
      rpEmail: ['Enter a valid email address'],
      trusteeFirstName: ['First name is required'],
      trusteeLastName: ['Last name is required'],
    });
  });

  it.each<[string, Partial<Contact>]>([
    ['no decedent SSN', { decedentSSN: '' }],
    ['a missing decedent SSN', { decedentSSN: undefined }],
    ['a decedent SSN of 8 digits', { decedentSSN: '12345678' }],
    ['a decedent SSN with dashes', { decedentSSN: '111-22-3333' }],
  ])('for an estate, rejects %s as the responsible party SSN is rejected', (_case, change) => {
    expect(messagesOf({ ...estate, ...change }).decedentSSN).toEqual(['Enter 9 digits']);
  });

  it.each<[string, Partial<Contact>]>([
    ['no grantor SSN', { grantorSSN: '' }],
    ['a missing grantor SSN', { grantorSSN: undefined }],
    ['a grantor SSN of 10 digits', { grantorSSN: '1234567890' }],
  ])('for a trust, rejects %s', (_case, change) => {
    expect(messagesOf({ ...trust, ...change }).grantorSSN).toEqual(['Enter 9 digits']);
  });

  it('asks the decedent SSN only of an estate and the grantor SSN only of a trust', () => {
    expect(messagesOf({ ...estate, grantorSSN: '' })).toEqual({});
    expect(messagesOf({ ...trust, decedentSSN: '' })).toEqual({});
    expect(messagesOf({ ...valid, decedentSSN: '', grantorSSN: '' })).toEqual({});
    // Wrong digits are refused even where the question is not asked: nothing malformed is stored.
    expect(messagesOf({ ...valid, decedentSSN: '12' }).decedentSSN).toEqual(['Enter 9 digits']);
  });

  it.each<[string, unknown]>([
    ['an LLC without trustee fields (hidden and unregistered)', (({ trustFilingAsEstate: _a, trusteeFirstName: _b, trusteeMiddleName: _c, trusteeLastName: _d, trusteeSuffix: _e, ...rest }) => rest)(valid)],
    ['an LLC with every default present', valid],
    ['a corporation whose responsible party is the contact', { ...valid, entityType: 'Corporation', sameAsContact: true, rpFirstName: 'Jane', rpLastName: 'Doe-Smith', rpPhone: '5125550147', rpEmail: 'jane@example.com' }],
    ['a trust with its trustee', trust],
    ['a trust filing as an estate, trustee without suffix', { ...trust, trustFilingAsEstate: true, trusteeSuffix: '' }],
    ['a non-trust with empty trustee names', { ...estate, trusteeFirstName: '', trusteeLastName: '' }],
    ['an estate with its decedent SSN', estate],
  ])('accepts %s', (_case, input) => {
    expect(contactSchema.safeParse(input).success).toBe(true);
  });

  it('rejects unknown keys', () => {
    const result = contactSchema.safeParse({ ...valid, rpDateOfBirth: '1970-01-01' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it('has every field in its defaults', () => {
    expect(Object.keys(contactDefaults).sort()).toEqual(Object.keys(contactSchema.shape).sort());
  });
});
