import { describe, expect, it } from 'vitest';
import { caretAfterDigits, digitsForMask, formatDigits, maskDigitCount } from './masks';

describe('digit masks', () => {
  it.each([
    ['', '_____-____', ''],
    ['12345', '_____-____', '12345'],
    ['123456', '_____-____', '12345-6'],
    ['123456789', '_____-____', '12345-6789'],
    ['5125550123', '(___) ___-____', '(512) 555-0123'],
    ['512', '(___) ___-____', '(512'],
    ['123456789', '___-__-____', '123-45-6789'],
    ['032027', '__/____', '03/2027'],
    ['0', '__/____', '0'],
    ['123456789', '__-_______', '12-3456789'],
  ])('formats %s with %s as %s', (digits, mask, expected) => {
    expect(formatDigits(digits, mask)).toBe(expected);
  });

  it('counts the digits a mask holds', () => {
    expect(maskDigitCount('_____-____')).toBe(9);
    expect(maskDigitCount('(___) ___-____')).toBe(10);
    expect(maskDigitCount('___-__-____')).toBe(9);
  });

  it('puts the caret after the same digit once separators are added', () => {
    expect(caretAfterDigits('12345-6', 6)).toBe(7);
    expect(caretAfterDigits('(512) 555', 3)).toBe(4);
    expect(caretAfterDigits('(512) 555', 4)).toBe(7);
    expect(caretAfterDigits('(512', 0)).toBe(1);
  });

  it.each([
    // Phone: a +1 or 1 prefix, dots, spaces, dashes, parentheses.
    ['+1 (512) 555-0147', '(___) ___-____', '1', '(512) 555-0147'],
    ['+15125550147', '(___) ___-____', '1', '(512) 555-0147'],
    ['1-512-555-0147', '(___) ___-____', '1', '(512) 555-0147'],
    ['1 512 555 0147', '(___) ___-____', '1', '(512) 555-0147'],
    ['512.555.0147', '(___) ___-____', '1', '(512) 555-0147'],
    ['(512) 555-0147', '(___) ___-____', '1', '(512) 555-0147'],
    ['  512 555 0147  ', '(___) ___-____', '1', '(512) 555-0147'],
    ['+1 512', '(___) ___-____', '1', '(512'],
    // SSN
    ['123-45-6789', '___-__-____', undefined, '123-45-6789'],
    ['123 45 6789', '___-__-____', undefined, '123-45-6789'],
    ['123.45.6789', '___-__-____', undefined, '123-45-6789'],
    [' 123456789 ', '___-__-____', undefined, '123-45-6789'],
    // ZIP
    ['78701-1234', '_____-____', undefined, '78701-1234'],
    ['78701 1234', '_____-____', undefined, '78701-1234'],
    [' 78701 ', '_____-____', undefined, '78701'],
    ['787011234', '_____-____', undefined, '78701-1234'],
    // EIN: a leading 1 is a real digit here
    ['12-3456789', '__-_______', undefined, '12-3456789'],
    ['12 3456789', '__-_______', undefined, '12-3456789'],
    ['12.345.6789', '__-_______', undefined, '12-3456789'],
    ['123456789', '__-_______', undefined, '12-3456789'],
  ])('reads a pasted %j with %s as %s', (pasted, mask, countryCode, expected) => {
    expect(formatDigits(digitsForMask(pasted, mask, countryCode), mask)).toBe(expected);
  });

  it('keeps a lone 1 typed into a phone field until more digits show it was a country code', () => {
    expect(digitsForMask('1', '(___) ___-____', '1')).toBe('1');
    expect(digitsForMask('(151) 255-50147', '(___) ___-____', '1')).toBe('5125550147');
  });
});
