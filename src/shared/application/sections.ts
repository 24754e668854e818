import type { Company } from './company';
import type { Registration } from './registration';
import type { Contact } from './contact';
import type { Compliance } from './compliance';
import type { Activity } from './activity';

// Kept apart from the schemas (application.ts) so pages that only read or write the saved
// application do not load every page's validation rules.

export const applicationVersion = 1;

/** The wizard's pages in order, each saving one section of the application. */
export const applicationSections = ['company', 'registration', 'contact', 'compliance', 'activity'] as const;
export type ApplicationSection = (typeof applicationSections)[number];

export type ApplicationSections = {
  company: Company;
  registration: Registration;
  contact: Contact;
  compliance: Compliance;
  activity: Activity;
};

/** What the browser keeps while the wizard is under way: the sections answered so far. */
export type SavedApplication = { version: typeof applicationVersion } & Partial<ApplicationSections>;
