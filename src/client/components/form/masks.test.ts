import { describe, expect, it } from 'vitest';
import { caretAfterDigits, formatDigits, maskDigitCount } from './masks';

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
});
