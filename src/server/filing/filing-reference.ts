import { randomInt } from 'node:crypto';

// A filing's reference: what the service prints in the margin of every page it faxes, so that the IRS's
// fax-back can be matched to its filing. Ten random Crockford base32 characters (50 bits from the
// operating system's CSPRNG, never derived from the order) and a check character, written
// `XXXXX-XXXXXX`. The check is a weighted sum over GF(32) (weight αⁱ at position i, α a root of
// x⁵ + x² + 1, the check character included so the whole sum is zero): it refuses every reference with
// one character misread and every one with two characters swapped, wherever they are, and lets through
// one in 32 of the rest.

/** Crockford's base32 alphabet: no I, L, O or U, so a reference is never read as a word or misread as a look-alike. */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const randomLength = 10;

/** Product in GF(32) with the primitive polynomial x⁵ + x² + 1. */
function multiply(a: number, b: number): number {
  let product = 0;
  for (let bit = 0; bit < 5; bit += 1) {
    if ((b >> bit) & 1) product ^= a;
    a <<= 1;
    if (a & 0b100000) a ^= 0b100101;
  }
  return product;
}

/** αⁱ for i from 0 to 10 (α = x, of order 31, so the eleven weights differ). */
const weights = Array.from({ length: randomLength + 1 }, (_, index) => index).map((power) => {
  let weight = 1;
  for (let step = 0; step < power; step += 1) weight = multiply(weight, 2);
  return weight;
});

/** The inverse of the check's own weight (α¹⁰), found by search over the 31 non-zero elements. */
const checkWeightInverse = Array.from({ length: 31 }, (_, index) => index + 1).find((candidate) => multiply(candidate, weights[randomLength]!) === 1)!;

function weightedSum(values: readonly number[]): number {
  return values.reduce((sum, value, index) => sum ^ multiply(weights[index]!, value), 0);
}

function written(values: readonly number[]): string {
  const characters = values.map((value) => alphabet[value]).join('');
  return `${characters.slice(0, 5)}-${characters.slice(5)}`;
}

/** A new reference, `XXXXX-XXXXXX`: ten random characters and their check character. */
export function makeFilingReference(): string {
  const values = Array.from({ length: randomLength }, () => randomInt(alphabet.length));
  // Chosen so the weighted sum of all eleven characters is zero (addition is XOR in GF(32)).
  const check = multiply(checkWeightInverse, weightedSum(values));
  return written([...values, check]);
}

/** Crockford's decoding: either case, O read as 0, I and L as 1; U and anything else refused. */
function valueOf(character: string): number | undefined {
  const upper = character.toUpperCase();
  const read = upper === 'O' ? '0' : upper === 'I' || upper === 'L' ? '1' : upper;
  const index = alphabet.indexOf(read);
  return index === -1 ? undefined : index;
}

/**
 * The reference written in `text` (`XXXXX-XXXXXX`, the dash optional, either case, O for 0 and I or L
 * for 1 as an OCR may read them), in its written form; null when it is not eleven characters of the
 * alphabet or its check fails.
 */
export function parseFilingReference(text: string): string | null {
  const match = /^([0-9A-Za-z]{5})-?([0-9A-Za-z]{6})$/.exec(text.trim());
  if (!match) return null;
  const values: number[] = [];
  for (const character of match[1]! + match[2]!) {
    const value = valueOf(character);
    if (value === undefined) return null;
    values.push(value);
  }
  return weightedSum(values) === 0 ? written(values) : null;
}
