import type { ApplicationSection } from '#shared/application/sections.ts';
import { paths } from '#client/paths.ts';
import { m } from '#shared/i18n/messages.ts';

export type WizardStepNumber = 1 | 2 | 3 | 4 | 5 | 6;

/**
 * The six steps as the step list names them (each its page's heading) with their estimated time, which
 * adds up to the "About 5 minutes" the pages promise (`applicationMinutes`). A name is read as the page
 * renders, in its language; `path` is the English one (`paths`), which links put in the page's language.
 */
export const wizardSteps: readonly {
  number: WizardStepNumber;
  name: string;
  seconds: number;
  path: string;
  section?: ApplicationSection;
}[] = [
  {
    number: 1,
    get name() {
      return m.wizard_step_company();
    },
    seconds: 60,
    path: paths.wizardStart,
    section: 'company',
  },
  {
    number: 2,
    get name() {
      return m.wizard_step_registration();
    },
    seconds: 60,
    path: paths.step2,
    section: 'registration',
  },
  {
    number: 3,
    get name() {
      return m.wizard_step_contact();
    },
    seconds: 60,
    path: paths.step3,
    section: 'contact',
  },
  {
    number: 4,
    get name() {
      return m.wizard_step_compliance();
    },
    seconds: 30,
    path: paths.step4,
    section: 'compliance',
  },
  {
    number: 5,
    get name() {
      return m.wizard_step_activity();
    },
    seconds: 30,
    path: paths.step5,
    section: 'activity',
  },
  {
    number: 6,
    get name() {
      return m.wizard_step_checkout();
    },
    seconds: 60,
    path: paths.step6,
  },
];

/** The whole application's time as the pages promise it: "About 5 minutes". */
export const applicationMinutes = 5;

/** A step's estimate as the list shows it: "1 min", "30 sec". */
export function stepDuration(seconds: number): string {
  return seconds % 60 === 0 ? m.wizard_duration_minutes({ minutes: seconds / 60 }) : m.wizard_duration_seconds({ seconds });
}

export const totalSteps = wizardSteps.length;

export type StepState = 'completed' | 'current' | 'upcoming';

/** A step is completed up to the completed count, current when it is the page's step, else upcoming. */
export function stepState(stepNumber: number, currentStep: number, completedCount: number): StepState {
  if (stepNumber <= completedCount) return 'completed';
  if (stepNumber === currentStep) return 'current';
  return 'upcoming';
}
