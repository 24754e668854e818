import { z } from 'zod';
import { companySchema } from './company';
import { registrationSchema } from './registration';
import { asksRpUsPerson, contactMessages, contactSchema, isOwnerName, isOwnerResponsibleParty, rpTaxIdTypeOf } from './contact';
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

/**
 * A whole application, as the checkout sends it and the server stores it: every page's own schema, and
 * the rules that join two pages (a question of step 3 asked by an answer of step 1).
 */
export const applicationSchema = refuseUnstorableText(
  z
    .strictObject({
      version: z.literal(applicationVersion),
      ...sectionSchemas,
    })
    .superRefine(({ company, contact }, ctx) => {
      const asksUsPerson = asksRpUsPerson(rpTaxIdTypeOf(contact), company.entityType, company.llcMemberCount);
      if (asksUsPerson && !contact.rpUsPerson)
        ctx.addIssue({ code: 'custom', path: ['contact', 'rpUsPerson'], message: contactMessages.rpUsPerson });
      if (!asksUsPerson && (contact.rpUsPerson ?? '') !== '')
        ctx.addIssue({ code: 'custom', path: ['contact', 'rpUsPerson'], message: contactMessages.rpUsPersonNotAsked });
      // Lines 1 and 7a of a sole proprietor name the same person: asked once, on step 1.
      if (isOwnerResponsibleParty(company.entityType) && !isOwnerName(contact, company.companyName))
        ctx.addIssue({ code: 'custom', path: ['contact', 'rpFirstName'], message: contactMessages.ownerName });
    }),
);

export type Application = z.infer<typeof applicationSchema>;
