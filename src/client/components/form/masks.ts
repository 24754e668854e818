// Digit masks: `_` stands for one digit, any other character is a separator shown once the digits reach it.

/**
 * The digits a mask keeps from typed or pasted text, in any common format ("+1 (512) 555-0147",
 * "512.555.0147", "123 45 6789"): everything but digits is dropped, and for a phone mask
 * (`countryCode: '1'`) a leading US country code is dropped when the text starts with "+1" or holds
 * more digits than the mask (a US area code never starts with 1, so the 1 cannot be part of it).
 */
export function digitsForMask(text: string, mask: string, countryCode?: string): string {
  const max = maskDigitCount(mask);
  let digits = text.replace(/\D/g, '');
  if (countryCode && digits.startsWith(countryCode)) {
    const prefixed = new RegExp(`^\\s*\\+\\s*${countryCode}`).test(text);
    if (prefixed || digits.length > max) digits = digits.slice(countryCode.length);
  }
  return digits.slice(0, max);
}

export function maskDigitCount(mask: string): number {
  return [...mask].filter((character) => character === '_').length;
}

/** Lays digits into a mask, stopping after the last digit: `formatDigits('123456', '_____-____')` is `12345-6`. */
export function formatDigits(digits: string, mask: string): string {
  let result = '';
  let used = 0;
  for (const character of mask) {
    if (used >= digits.length) break;
    if (character === '_') result += digits[used++];
    else result += character;
  }
  return result;
}

/** The caret position just after the given number of digits of a formatted value. */
export function caretAfterDigits(formatted: string, digitCount: number): number {
  if (digitCount === 0) return formatted.search(/\d/) === -1 ? formatted.length : formatted.search(/\d/);
  let seen = 0;
  for (let index = 0; index < formatted.length; index++) {
    if (/\d/.test(formatted[index] ?? '')) seen++;
    if (seen === digitCount) return index + 1;
  }
  return formatted.length;
}
