import { outsideUnitedStates, usStates } from './options';

// Answers a later question can take from an earlier one, so the customer types each fact once: the
// wizard fills the later field with them, and the customer may still change it. Nothing here is a
// rule: the schemas check the answers as given. These are step 2's; step 3's and step 4's are in
// contact-prefills.ts and compliance-prefills.ts, so each step downloads only its own (and step 3
// not the list of states).

type CompanyStates = { state?: unknown; llcLocationState?: unknown };

/** A state's name as step 2 stores it (the English name) from its code ('' for anything else). */
function stateNameOf(code: unknown): string {
  return usStates.find((state) => state.value === code)?.formText ?? '';
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

/**
 * Where step 1 placed the business: an LLC says where it is located (a state, or outside the United
 * States); any other entity is not asked, and step 2's address starts where it was left.
 */
export function businessLocationFromStepOne(company: CompanyStates | undefined): 'united-states' | 'abroad' | 'not-asked' {
  if (businessAbroadFromStepOne(company)) return 'abroad';
  return usStates.some((state) => state.value === company?.llcLocationState) ? 'united-states' : 'not-asked';
}
