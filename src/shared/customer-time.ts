import { usStates, type UsStateCode } from './application/options';
import { businessTimeZone } from './dates';
import { baseLocale, localeTags, type Locale } from './i18n/locales';

// Times shown to customers (decision 040). A page shows a moment in the browser's own zone; an e-mail,
// which cannot know where it is read, in the zone of the business address: its state's in the United
// States, its country's abroad (decision 053), Eastern when the address says neither. Either way the
// zone is named ("5:05 AM CST", "1:05 PM Central European Standard Time"), never left implied. Staff
// screens keep the business calendar of decision 033.

/**
 * Each state's time zone. A state with two zones takes the one most of its people live in: Florida,
 * Indiana, Kentucky and Michigan Eastern; Kansas, Nebraska, North and South Dakota, Tennessee and
 * Texas Central; Idaho Mountain (Boise); Oregon Pacific. Arizona keeps standard time all year.
 */
export const stateTimeZones: Record<UsStateCode, string> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
};

/** The zone e-mails use when the address names no US state. */
export const defaultCustomerTimeZone = businessTimeZone;

/**
 * The time zone of a US state given by code ("TX") or name ("Texas"), in any case; Eastern for
 * anything else (no answer, a territory, an address abroad).
 */
export function timeZoneOfState(state: string | null | undefined): string {
  const wanted = (state ?? '').trim().toLowerCase();
  const found = usStates.find((candidate) => candidate.value.toLowerCase() === wanted || candidate.label.toLowerCase() === wanted);
  return found ? stateTimeZones[found.value] : defaultCustomerTimeZone;
}

/**
 * The zone of each country that spans several offsets: where most of its people live (its capital's,
 * mostly). Every other country's zones keep one offset, and the first the runtime lists is taken.
 * Kosovo, missing from the runtime's lists, keeps Belgrade's time.
 */
const mainCountryTimeZones: Readonly<Record<string, string>> = {
  AU: 'Australia/Sydney',
  BR: 'America/Sao_Paulo',
  CA: 'America/Toronto',
  CD: 'Africa/Kinshasa',
  CL: 'America/Santiago',
  CN: 'Asia/Shanghai',
  EC: 'America/Guayaquil',
  ES: 'Europe/Madrid',
  FM: 'Pacific/Pohnpei',
  GL: 'America/Nuuk',
  ID: 'Asia/Jakarta',
  KI: 'Pacific/Tarawa',
  MN: 'Asia/Ulaanbaatar',
  MX: 'America/Mexico_City',
  NZ: 'Pacific/Auckland',
  PF: 'Pacific/Tahiti',
  PG: 'Pacific/Port_Moresby',
  PT: 'Europe/Lisbon',
  RU: 'Europe/Moscow',
  UA: 'Europe/Kyiv',
  XK: 'Europe/Belgrade',
};

/** The zones a country uses, as the runtime's CLDR data lists them (`Intl.Locale`'s time zones). */
function zonesOfCountry(country: string): readonly string[] {
  try {
    const locale = new Intl.Locale(`und-${country}`) as Intl.Locale & { timeZones?: string[]; getTimeZones?: () => string[] };
    return locale.getTimeZones?.() ?? locale.timeZones ?? [];
  } catch {
    return [];
  }
}

/**
 * The time zone of a country given by its ISO 3166-1 alpha-2 code ("DE"): its main zone where it has
 * several offsets, its one zone otherwise; Eastern for a code with none (an uninhabited island).
 */
export function timeZoneOfCountry(country: string): string {
  const code = country.trim().toUpperCase();
  return mainCountryTimeZones[code] ?? zonesOfCountry(code)[0] ?? defaultCustomerTimeZone;
}

const formats = new Map<string, Intl.DateTimeFormat>();

type ZoneName = 'short' | 'long';

function formatIn(timeZone: string | undefined, zoneName: ZoneName, withDate: boolean, locale: Locale): Intl.DateTimeFormat {
  const key = `${timeZone ?? ''}|${zoneName}|${withDate}|${locale}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeTags[locale], {
      ...(withDate ? { year: 'numeric', month: 'long', day: 'numeric' } : {}),
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: zoneName,
      ...(timeZone ? { timeZone } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * A moment in a zone with its name: the abbreviation where US English has one ("CST", "EST", "GMT"),
 * the zone's full name where it has only an offset ("GMT+1" is written "Central European Standard
 * Time"), so the reader abroad recognises their own time.
 */
function formatNamed(date: Date, timeZone: string | undefined, withDate: boolean, locale: Locale = baseLocale): string {
  const short = formatIn(timeZone, 'short', withDate, locale);
  const zone = short.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? '';
  return /^GMT[+-]/.test(zone) ? formatIn(timeZone, 'long', withDate, locale).format(date) : short.format(date);
}

/**
 * A moment as a customer reads it, with its zone named: "November 26, 2026 at 5:05 AM CST",
 * "November 26, 2026 at 12:05 PM Central European Standard Time". Without `timeZone`, in the zone of
 * the machine that runs it: the browser's, on a page. In `locale`'s words when given ("5 de marzo
 * de 2026 a las 8:30 a.m. CST"), English otherwise.
 */
export function formatCustomerTime(date: Date, timeZone?: string, locale?: Locale): string {
  return formatNamed(date, timeZone, true, locale);
}

/** Only the time of day with the zone ("5:05 AM CST"), for a moment later the same day. */
export function formatCustomerClockTime(date: Date, timeZone?: string): string {
  return formatNamed(date, timeZone, false);
}
