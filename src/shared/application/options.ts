import { m } from '#shared/i18n/messages.ts';
import { option } from './fields';

/** A state: its code, its name in the customer's language, and its English name, which the form prints. */
const state = <const C extends string>(code: C, name: string) => option({ value: code, label: () => m.options_us_state({ code, name }), formText: name });

/**
 * The 50 US states and the District of Columbia, by two-letter code: where the SS-4's "Where to file"
 * sends a business to the domestic fax number. The territories are not here: an address there is
 * entered as its own country, and files as one with no place of business in a state (decision 046).
 */
export const usStates = [
  state('AL', 'Alabama'),
  state('AK', 'Alaska'),
  state('AZ', 'Arizona'),
  state('AR', 'Arkansas'),
  state('CA', 'California'),
  state('CO', 'Colorado'),
  state('CT', 'Connecticut'),
  state('DE', 'Delaware'),
  state('DC', 'District of Columbia'),
  state('FL', 'Florida'),
  state('GA', 'Georgia'),
  state('HI', 'Hawaii'),
  state('ID', 'Idaho'),
  state('IL', 'Illinois'),
  state('IN', 'Indiana'),
  state('IA', 'Iowa'),
  state('KS', 'Kansas'),
  state('KY', 'Kentucky'),
  state('LA', 'Louisiana'),
  state('ME', 'Maine'),
  state('MD', 'Maryland'),
  state('MA', 'Massachusetts'),
  state('MI', 'Michigan'),
  state('MN', 'Minnesota'),
  state('MS', 'Mississippi'),
  state('MO', 'Missouri'),
  state('MT', 'Montana'),
  state('NE', 'Nebraska'),
  state('NV', 'Nevada'),
  state('NH', 'New Hampshire'),
  state('NJ', 'New Jersey'),
  state('NM', 'New Mexico'),
  state('NY', 'New York'),
  state('NC', 'North Carolina'),
  state('ND', 'North Dakota'),
  state('OH', 'Ohio'),
  state('OK', 'Oklahoma'),
  state('OR', 'Oregon'),
  state('PA', 'Pennsylvania'),
  state('RI', 'Rhode Island'),
  state('SC', 'South Carolina'),
  state('SD', 'South Dakota'),
  state('TN', 'Tennessee'),
  state('TX', 'Texas'),
  state('UT', 'Utah'),
  state('VT', 'Vermont'),
  state('VA', 'Virginia'),
  state('WA', 'Washington'),
  state('WV', 'West Virginia'),
  state('WI', 'Wisconsin'),
  state('WY', 'Wyoming'),
] as const;

export type UsStateCode = (typeof usStates)[number]['value'];

export const usStateCodes = usStates.map((state) => state.value) as [UsStateCode, ...UsStateCode[]];

/** Step 2 offers the states by full name: the value is the English name itself, as the form prints it. */
export const usStateNames = usStates.map((state) => state.formText) as [string, ...string[]];

export const usStateNameOptions = usStates.map(({ value: code, formText: name }) =>
  option({ value: name, label: () => m.options_us_state({ code, name }), formText: name }),
);

/** Step 1's answer for an LLC with no place of business in a state or the District of Columbia. */
export const outsideUnitedStates = 'Outside US';
export const llcLocationOptions = [
  ...usStates,
  option({ value: outsideUnitedStates, label: m.options_outside_united_states, formText: 'Outside the United States' }),
] as const;
export const llcLocationValues = llcLocationOptions.map((option) => option.value) as [string, ...string[]];

/** States where a married couple may own an LLC as community property (the husband-and-wife question). */
export const communityPropertyStates: readonly UsStateCode[] = ['AZ', 'CA', 'ID', 'LA', 'NV', 'NM', 'TX', 'WA', 'WI'];

