import { m } from '#shared/i18n/messages.ts';
import { option, type Option } from './fields';

/**
 * Step 1's kinds of entity (company.ts re-exports them). Kept in a module of their own: step 3's
 * schema checks the entity type it copies from step 1 against this list, and would otherwise load
 * all of step 1's schema with it.
 */
export const entityTypeOptions = [
  option({ value: 'Sole Proprietor', label: m.options_entity_sole_proprietor, formText: 'Sole Proprietor' }),
  option({ value: 'Partnership', label: m.options_entity_partnership, formText: 'Partnerships' }),
  option({ value: 'Corporation', label: m.options_entity_corporation, formText: 'Corporations' }),
  option({ value: 'LLC', label: m.options_entity_llc, formText: 'Limited Liability Company (LLC)' }),
  option({ value: 'Estate', label: m.options_entity_estate, formText: 'Estate' }),
  option({ value: 'Trust', label: m.options_entity_trust, formText: 'Trusts' }),
  option({ value: 'Others', label: m.options_entity_others, formText: 'Others' }),
] as const satisfies readonly Option<string>[];
export type EntityType = (typeof entityTypeOptions)[number]['value'];
