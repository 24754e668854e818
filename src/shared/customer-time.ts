import { usStates, type UsStateCode } from './application/options';
import { businessTimeZone } from './dates';

// Times shown to customers (decision 040). A page shows a moment in the browser's own zone; an e-mail,
// which cannot know where it is read, in the zone of the business address's state, or Eastern when
// the address is unknown or abroad. Either way the zone is named ("5:05 AM CST"), never left implied.
// Staff screens keep the business calendar of decision 033.

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

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      ...(timeZone ? { timeZone } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * A moment as a customer reads it, with its zone's abbreviation: "November 26, 2026 at 5:05 AM CST".
 * Without `timeZone`, in the zone of the machine that runs it: the browser's, on a page.
 */
export function formatCustomerTime(date: Date, timeZone?: string): string {
  return formatIn(timeZone).format(date);
}

/** Only the time of day with the zone ("5:05 AM CST"), for a moment later the same day. */
export function formatCustomerClockTime(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short', ...(timeZone ? { timeZone } : {}) }).format(date);
}
