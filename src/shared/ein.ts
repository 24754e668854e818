/** An employer identification number as it is written: XX-XXXXXXX. */
export const einPattern = /^\d{2}-\d{7}$/;

/**
 * The two-digit prefixes the IRS assigns EINs with, as its page "How EINs are assigned and valid EIN
 * prefixes" lists them by campus (Andover 10, 12; Atlanta 60, 67; Austin 50, 53; Brookhaven 01-06, 11,
 * 13, 14, 16, 21-23, 25, 34, 51, 52, 54-59, 65; Cincinnati 30, 32, 35-38, 61; Fresno 15, 24; Kansas City
 * 40, 44; Memphis 94, 95; Ogden 80, 90; Philadelphia 33, 39, 41-43, 46, 48, 62-64, 66, 68, 71-77, 85-88,
 * 91-93, 98, 99; Internet 20, 26, 27, 45-47, 81-88, 92, 93, 99; Small Business Administration 31).
 * Never assigned: 00, 07-09, 17-19, 28, 29, 49, 69, 70, 78, 79, 89, 96, 97.
 */
export const validEinPrefixes: ReadonlySet<string> = new Set(
  [
    [1, 6],
    [10, 16],
    [20, 27],
    [30, 39],
    [40, 48],
    [50, 68],
    [71, 77],
    [80, 88],
    [90, 95],
    [98, 99],
  ].flatMap(([first, last]) => Array.from({ length: last! - first! + 1 }, (_, index) => String(first! + index).padStart(2, '0'))),
);

/** Whether the IRS assigns EINs starting with these two digits. */
export function isValidEinPrefix(prefix: string): boolean {
  return validEinPrefixes.has(prefix);
}

/** `XX-XXXXXXX` from an EIN written with its dash or as 9 digits, or null when it is neither or its prefix is never assigned. */
export function normalizeEin(text: string): string | null {
  const match = /^(\d{2})-?(\d{7})$/.exec(text);
  if (!match || !isValidEinPrefix(match[1]!)) return null;
  return `${match[1]}-${match[2]}`;
}

/** 9 digits, written `XX-XXXXXXX` or without the dash, whose prefix the IRS assigns. */
export function isValidEin(text: string): boolean {
  return normalizeEin(text) !== null;
}
