import type { Option } from './fields';

/**
 * Step 1's kinds of entity (company.ts re-exports them). Kept in a module of their own: step 3's
 * schema checks the entity type it copies from step 1 against this list, and would otherwise load
 * all of step 1's schema with it.
 */
export const entityTypeOptions = [
  { value: 'Sole Proprietor', label: 'Sole Proprietor' },
  { value: 'Partnership', label: 'Partnerships' },
  { value: 'Corporation', label: 'Corporations' },
  { value: 'LLC', label: 'Limited Liability Company (LLC)' },
  { value: 'Estate', label: 'Estate' },
  { value: 'Trust', label: 'Trusts' },
  { value: 'Others', label: 'Others' },
] as const satisfies readonly Option<string>[];
export type EntityType = (typeof entityTypeOptions)[number]['value'];
