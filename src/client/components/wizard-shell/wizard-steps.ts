import type { ApplicationSection } from '#shared/application/sections.ts';
import { paths } from '#client/paths.ts';

export type WizardStepNumber = 1 | 2 | 3 | 4 | 5 | 6;

/**
 * The six steps as the step list names them (each its page's heading) with their estimated time, which
 * adds up to the "About 5 minutes" the pages promise (`applicationMinutes`).
 */
export const wizardSteps: readonly {
  number: WizardStepNumber;
  name: string;
  seconds: number;
  path: string;
  section?: ApplicationSection;
}[] = [
  { number: 1, name: 'Company Information', seconds: 60, path: paths.wizardStart, section: 'company' },
  { number: 2, name: 'Company Registration Details', seconds: 60, path: paths.step2, section: 'registration' },
  { number: 3, name: 'Responsible Party', seconds: 60, path: paths.step3, section: 'contact' },
  { number: 4, name: 'Regulatory Compliance', seconds: 30, path: paths.step4, section: 'compliance' },
  { number: 5, name: 'Business Activity', seconds: 30, path: paths.step5, section: 'activity' },
  { number: 6, name: 'Complete Your Order', seconds: 60, path: paths.step6 },
];

/** The whole application's time as the pages promise it: "About 5 minutes". */
export const applicationMinutes = 5;

/** A step's estimate as the list shows it: "1 min", "30 sec". */
export function stepDuration(seconds: number): string {
  return seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} sec`;
}

export const totalSteps = wizardSteps.length;

export type StepState = 'completed' | 'current' | 'upcoming';

/** A step is completed up to the completed count, current when it is the page's step, else upcoming. */
export function stepState(stepNumber: number, currentStep: number, completedCount: number): StepState {
  if (stepNumber <= completedCount) return 'completed';
  if (stepNumber === currentStep) return 'current';
  return 'upcoming';
}
