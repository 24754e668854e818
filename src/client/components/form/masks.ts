// Digit masks: `_` stands for one digit, any other character is a separator shown once the digits reach it.

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
