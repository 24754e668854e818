import { applicationSections } from '#shared/application/sections.ts';
import { checkoutMessages } from '#shared/checkout/checkout-messages.ts';
import { ApiError } from '#client/lib/api.ts';
import { wizardSteps, type WizardStepNumber } from '#client/components/wizard-shell/wizard-steps.ts';

/** A wizard page whose answers the server did not accept, with its messages (in the server's words: they name the answer). */
export type StepToFix = { number: WizardStepNumber; name: string; path: string; messages: string[] };

/** Why the payment form could not be set up. */
export type SetupProblem =
  /** The server refused some answers: which pages to go back to, and any other messages. */
  | { kind: 'answers'; message: string; steps: StepToFix[]; otherMessages: string[] }
  /** The application cannot be paid again (already paid, for example). */
  | { kind: 'conflict'; message: string }
  /** The checkout stayed unpaid past its retention window: its answers were erased; a new one can start. */
  | { kind: 'expired'; message: string }
  | { kind: 'failed'; message: string };

const sectionNames = new Set<string>(applicationSections);

/** Turns the checkout call's error into what step 6 tells the customer. */
export function describeSetupProblem(error: unknown): SetupProblem {
  if (!(error instanceof ApiError)) return { kind: 'failed', message: checkoutMessages.setupFailed };
  // One reason only: said in the page's language whatever the server wrote.
  if (error.code === 'checkout_expired') return { kind: 'expired', message: checkoutMessages.expired };
  // Already paid, or waiting for the bank's verification: the server's sentence says which.
  if (error.status === 409 || error.code === 'conflict') return { kind: 'conflict', message: error.message || checkoutMessages.alreadyPaid };
  if (error.code !== 'validation_failed') return { kind: 'failed', message: checkoutMessages.setupFailed };

  const byStep = new Map<WizardStepNumber, StepToFix>();
  const otherMessages: string[] = [];
  for (const [path, messages] of Object.entries(error.fields ?? {})) {
    const [root, section] = path.split('.');
    const step = root === 'application' && section && sectionNames.has(section) ? wizardSteps.find((item) => item.section === section) : undefined;
    if (!step) {
      otherMessages.push(...messages);
      continue;
    }
    const entry = byStep.get(step.number) ?? { number: step.number, name: step.name, path: step.path, messages: [] };
    entry.messages.push(...messages);
    byStep.set(step.number, entry);
  }
  const steps = [...byStep.values()]
    .sort((a, b) => a.number - b.number)
    .map((step) => ({ ...step, messages: [...new Set(step.messages)] }));
  return {
    kind: 'answers',
    message: error.message || checkoutMessages.serverValidationFailed,
    steps,
    otherMessages: [...new Set(otherMessages)],
  };
}
