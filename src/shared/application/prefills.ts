import { outsideUnitedStates, usStates } from './options';

// Answers a later question can take from an earlier one, so the customer types each fact once: the
// wizard fills the later field with them, and the customer may still change it. Nothing here is a
// rule: the schemas check the answers as given. Step 3's are in contact-prefills.ts, apart from the
// list of states that step 2's need.

type CompanyStates = { state?: unknown; llcLocationState?: unknown };

/** A state's name from its code ('' for anything else). */
function stateNameOf(code: unknown): string {
  return usStates.find((state) => state.value === code)?.label ?? '';
}

/**
 * Step 2's states from step 1's: the state of organization or incorporation is the state of formation,
 * and the business address's state is where an LLC said it is located, else the state of formation.
 * An LLC located outside the United States has no state to give its address: the state of formation
 * is not where it is (step 2 asks its country instead, `businessAbroadFromStepOne`).
 */
export function registrationPrefill(company: CompanyStates | undefined): { llcOrganizationState: string; incorporationState: string; state: string } {
  const formation = stateNameOf(company?.state);
  const location = businessAbroadFromStepOne(company) ? '' : stateNameOf(company?.llcLocationState) || formation;
  return { llcOrganizationState: formation, incorporationState: formation, state: location };
}

/** Whether step 1 said the business (an LLC) is located outside the United States. */
export function businessAbroadFromStepOne(company: CompanyStates | undefined): boolean {
  return company?.llcLocationState === outsideUnitedStates;
}

/** The total of the chosen types' counts, while every chosen count is a whole number; '' otherwise. */
export function totalEmployeesOf(employeeTypes: unknown, counts: Record<string, unknown> | undefined): string {
  const chosen = Array.isArray(employeeTypes) ? employeeTypes.filter((type): type is string => typeof type === 'string') : [];
  if (chosen.length === 0) return '';
  let total = 0;
  for (const type of chosen) {
    const count = counts?.[type];
    if (typeof count !== 'string' || !/^\d{1,7}$/.test(count)) return '';
    total += Number(count);
  }
  return total > 0 ? String(total) : '';
}

/** The month of the first wages as "MM/YYYY", the expected hiring date's form; '' without a full date. */
export function hireMonthOf(firstWageDate: unknown): string {
  const match = typeof firstWageDate === 'string' ? /^(\d{4})-(\d{2})-\d{2}$/.exec(firstWageDate) : null;
  return match ? `${match[2]}/${match[1]}` : '';
}
