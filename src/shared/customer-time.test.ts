import { describe, expect, it } from 'vitest';
import { usStateCodes } from './application/options';
import { countryCodes } from './application/countries';
import { formatCustomerClockTime, formatCustomerTime, stateTimeZones, timeZoneOfCountry, timeZoneOfState } from './customer-time';
import { speak } from '#tests/support/locale.ts';

const novemberMorning = new Date('2026-11-26T11:05:00Z');
const julyMorning = new Date('2026-07-01T11:05:00Z');

describe('customer times', () => {
  it('names the zone of the reader, with its abbreviation', () => {
    expect(formatCustomerTime(novemberMorning, 'America/Chicago')).toBe('November 26, 2026 at 5:05 AM CST');
    expect(formatCustomerTime(julyMorning, 'America/Chicago')).toBe('July 1, 2026 at 6:05 AM CDT');
    expect(formatCustomerTime(novemberMorning, 'America/New_York')).toBe('November 26, 2026 at 6:05 AM EST');
    expect(formatCustomerClockTime(novemberMorning, 'America/Los_Angeles')).toBe('3:05 AM PST');
  });

  it('maps every state to a zone, by code or by name, the two-zone states to their main one', () => {
    for (const code of usStateCodes) expect(() => formatCustomerTime(novemberMorning, stateTimeZones[code])).not.toThrow();
    expect(timeZoneOfState('TX')).toBe('America/Chicago');
    expect(timeZoneOfState('Texas')).toBe('America/Chicago');
    expect(timeZoneOfState(' california ')).toBe('America/Los_Angeles');
    expect(timeZoneOfState('Florida')).toBe('America/New_York');
    expect(timeZoneOfState('Oregon')).toBe('America/Los_Angeles');
    expect(formatCustomerTime(julyMorning, timeZoneOfState('Arizona'))).toBe('July 1, 2026 at 4:05 AM MST');
    expect(formatCustomerTime(novemberMorning, timeZoneOfState('Hawaii'))).toBe('November 26, 2026 at 1:05 AM HST');
  });

  it('uses Eastern time for an unknown state or an address abroad', () => {
    for (const state of [undefined, null, '', 'Ontario', 'PR', 'District of Columbia']) expect(timeZoneOfState(state)).toBe('America/New_York');
  });

  it('gives a country abroad its own zone, the main one of a country with several, named in full where US English has no abbreviation', () => {
    expect(timeZoneOfCountry('DE')).toBe('Europe/Berlin');
    expect(formatCustomerTime(novemberMorning, timeZoneOfCountry('DE'))).toBe('November 26, 2026 at 12:05 PM Central European Standard Time');
    expect(formatCustomerTime(julyMorning, timeZoneOfCountry('DE'))).toBe('July 1, 2026 at 1:05 PM Central European Summer Time');
    expect(formatCustomerClockTime(novemberMorning, timeZoneOfCountry('IN'))).toBe('4:35 PM India Standard Time');
    expect(formatCustomerTime(novemberMorning, timeZoneOfCountry('GB'))).toBe('November 26, 2026 at 11:05 AM GMT');
    expect(timeZoneOfCountry('CA')).toBe('America/Toronto');
    expect(timeZoneOfCountry('au')).toBe('Australia/Sydney');
    expect(timeZoneOfCountry('RU')).toBe('Europe/Moscow');
    expect(formatCustomerTime(novemberMorning, timeZoneOfCountry('PR'))).toBe('November 26, 2026 at 7:05 AM AST');
    // Every country has a zone that formats, and none writes a bare offset.
    for (const code of countryCodes) expect(formatCustomerTime(novemberMorning, timeZoneOfCountry(code))).not.toMatch(/GMT[+-]\d+$/);
  });

  it('says a moment in Spanish on a Spanish page, the zone named as Spanish names it', () => {
    speak('es');
    expect(formatCustomerTime(novemberMorning, 'America/Chicago')).toBe('26 de noviembre de 2026 a las 5:05 a.m. CST');
    expect(formatCustomerClockTime(novemberMorning, 'America/Chicago')).toBe('5:05 a.m. CST');
    expect(formatCustomerTime(novemberMorning, 'Europe/Berlin')).toBe('26 de noviembre de 2026 a las 12:05 p.m. hora estándar de Europa central');
    expect(formatCustomerTime(novemberMorning, 'America/Chicago', 'en')).toBe('November 26, 2026 at 5:05 AM CST');
  });
});
