import { applicationSchema } from '#shared/application/application.ts';
import type { SavedApplication } from '#shared/application/sections.ts';
import { loadPhoneRulesFor } from '#client/lib/phones-abroad.ts';

/**
 * Whether the saved answers make a whole application, as checkout will check them: loaded by a step's
 * Continue only when it returns to the review, with the rules for phone numbers abroad when step 3
 * holds one.
 */
export async function isWholeApplication(saved: SavedApplication): Promise<boolean> {
  const contact = saved.contact as { phoneNumber?: unknown; rpPhone?: unknown } | undefined;
  await loadPhoneRulesFor([contact?.phoneNumber, contact?.rpPhone]);
  return applicationSchema.safeParse(saved).success;
}
