import type { ApplicationSection } from '../../../shared/application/sections';
import { paths } from '../../paths';

export type WizardStepNumber = 1 | 2 | 3 | 4 | 5 | 6;

/** The six steps as the step list names them, with their estimated minutes. */
export const wizardSteps: readonly {
  number: WizardStepNumber;
  name: string;
  minutes: number;
  path: string;
  section?: ApplicationSection;
}[] = [
  { number: 1, name: 'Get Started', minutes: 2, path: paths.wizardStart, section: 'company' },
  { number: 2, name: 'Business Details', minutes: 3, path: paths.step2, section: 'registration' },
  { number: 3, name: 'Responsible Party', minutes: 3, path: paths.step3, section: 'contact' },
  { number: 4, name: 'Regulatory & Employment', minutes: 3, path: paths.step4, section: 'compliance' },
  { number: 5, name: 'Business Activities', minutes: 3, path: paths.step5, section: 'activity' },
  { number: 6, name: 'Review & Payment', minutes: 3, path: paths.step6 },
];

export const totalSteps = wizardSteps.length;

export type StepState = 'completed' | 'current' | 'upcoming';

/** A step is completed up to the completed count, current when it is the page's step, else upcoming. */
export function stepState(stepNumber: number, currentStep: number, completedCount: number): StepState {
  if (stepNumber <= completedCount) return 'completed';
  if (stepNumber === currentStep) return 'current';
  return 'upcoming';
}
