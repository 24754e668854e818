import { z } from 'zod';
import { companySchema } from './company';
import { registrationSchema } from './registration';
import { contactSchema } from './contact';
import { complianceSchema } from './compliance';
import { activitySchema } from './activity';
import { applicationVersion } from './sections';
import { refuseUnstorableText } from '../storable-text';

export { applicationSections, applicationVersion } from './sections';
export type { ApplicationSection, ApplicationSections, SavedApplication } from './sections';

export const sectionSchemas = {
  company: companySchema,
  registration: registrationSchema,
  contact: contactSchema,
  compliance: complianceSchema,
  activity: activitySchema,
} as const;

/** A whole application, as the checkout sends it and the server stores it: every page's own schema. */
export const applicationSchema = refuseUnstorableText(
  z.strictObject({
    version: z.literal(applicationVersion),
    ...sectionSchemas,
  }),
);

export type Application = z.infer<typeof applicationSchema>;
