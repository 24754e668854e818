import type { Company, EntityType } from './company';
import type { Registration } from './registration';
import type { Contact } from './contact';
import type { Compliance } from './compliance';
import type { Activity } from './activity';
import { applicationSections, applicationVersion, type ApplicationSection, type ApplicationSections } from './sections';

// Sample answers of the wizard, as its pages save them: for tests and the demo seed. The whole
// application is a single-member LLC in Austin, Texas, that makes furniture and hires nobody yet;
// every section passes its schema. The SSNs are obviously fake ones.
//
// Each call builds new objects, so a caller may change what it gets.

export type SampleApplication = { version: typeof applicationVersion } & ApplicationSections;
export type SampleOverrides = { [S in ApplicationSection]?: Partial<ApplicationSections[S]> };

/** Step 1 answers of each entity type: the follow-up questions its section asks, answered. */
function companyOf(entityType: EntityType): Company {
  const basics = { state: 'TX', hasTradeName: 'false' } as const;
  switch (entityType) {
    case 'LLC':
      return {
        ...basics,
        companyName: 'Hill Country Woodworks LLC',
        entityType,
        llcMemberCount: '1',
        llcLocationState: 'TX',
        llcRicReason: 'Started a new business',
      };
    case 'Corporation':
      return { ...basics, companyName: 'Hill Country Woodworks Inc', entityType, corporationType: 'Corporation', corporationReason: 'Started a new business' };
    case 'Partnership':
      return { ...basics, companyName: 'Doe and Public Partners', entityType, partnershipType: 'Partnership', partnershipReason: 'Started a new business' };
    case 'Sole Proprietor':
      // The owner is the responsible party (step 3's John Public): one name on lines 1 and 7a.
      return { ...basics, companyName: 'John Public', entityType, soleProprietorType: 'Sole Proprietor', soleProprietorReason: 'Started a new business' };
    case 'Trust':
      return { ...basics, companyName: 'Public Family Trust', entityType, trustType: 'Irrevocable Trust' };
    case 'Estate':
      return { ...basics, companyName: 'Estate of John Q Public', entityType, estateReason: 'Administering the estate' };
    case 'Others':
      return {
        ...basics,
        companyName: 'Travis County Woodworkers Guild',
        entityType,
        otherEntityType: 'Nonprofit organization',
        otherEntityDescription: 'Woodworkers guild',
        othersReason: 'Started a new business',
      };
  }
}

function registration(): Registration {
  return {
    companyRegistrationNumber: '0805123456',
    businessStartDate: '2024-03-15',
    previousOwnerEIN: '',
    accountingYearClosingMonth: '12',
    streetAddress: '100 Main Street',
    city: 'Austin',
    county: 'Travis',
    state: 'Texas',
    zipCode: '78701',
    sameMailingAddress: true,
    llcOrganizationState: 'Texas',
    appliedForEinBefore: 'false',
  };
}

function contact(): Contact {
  return {
    entityType: 'LLC',
    contactFirstName: 'Jane',
    contactMiddleName: '',
    contactLastName: 'Doe-Smith',
    phoneNumber: '(512) 555-0147',
    emailAddress: 'jane@example.com',
    sameAsContact: false,
    rpFirstName: 'John',
    rpMiddleName: '',
    rpLastName: 'Public',
    rpTitle: 'Managing Member',
    rpSSN: '123456789',
    rpPhone: '5125550148',
    rpEmail: 'john@example.com',
  };
}

/** The fake SSNs step 3 asks of an estate (the decedent's) and a trust (the grantor's). */
export const sampleDecedentSsn = '111223333';
export const sampleGrantorSsn = '222334444';

function entitySsns(entityType: string | undefined): Partial<Contact> {
  if (entityType === 'Estate') return { decedentSSN: sampleDecedentSsn };
  if (entityType === 'Trust') return { grantorSSN: sampleGrantorSsn };
  return {};
}

function compliance(): Compliance {
  return { heavyVehicle: 'false', gambling: 'false', atf: 'false', exciseTax: 'false', willHire: 'false' };
}

function activity(): Activity {
  return {
    principalActivity: 'manufacturing',
    manufacturingGoodsType: 'Wood furniture from Texas hardwoods',
    principalProductOrService: 'Handmade tables and chairs sold to homes and restaurants.',
  };
}

const samples: { [S in ApplicationSection]: (overrides: Partial<ApplicationSections[S]>) => ApplicationSections[S] } = {
  // The entity type chosen by the overrides brings the answers of its own section.
  company: (overrides) => ({ ...companyOf(overrides.entityType || 'LLC'), ...overrides }),
  registration: (overrides) => ({ ...registration(), ...overrides }),
  contact: (overrides) => ({ ...contact(), ...entitySsns(overrides.entityType), ...overrides }),
  compliance: (overrides) => ({ ...compliance(), ...overrides }),
  activity: (overrides) => ({ ...activity(), ...overrides }),
};

/**
 * One page's sample answers, with the given answers in place of the sample's. For the company
 * page, `{ entityType }` gives that entity type's answers (`sampleSection('company', { entityType:
 * 'Corporation', corporationType: 'REIT' })`).
 */
export function sampleSection<S extends ApplicationSection>(section: S, overrides: Partial<ApplicationSections[S]> = {}): ApplicationSections[S] {
  return samples[section](overrides);
}

/**
 * A complete application, each section's overrides put over its sample; the contact page's copy of
 * the entity type follows the company's. Valid as it stands; with overrides, valid if they are.
 */
export function sampleApplication(overrides: SampleOverrides = {}): SampleApplication {
  const company = sampleSection('company', overrides.company);
  return {
    version: applicationVersion,
    company,
    registration: sampleSection('registration', overrides.registration),
    contact: sampleSection('contact', { entityType: company.entityType, ...overrides.contact }),
    compliance: sampleSection('compliance', overrides.compliance),
    activity: sampleSection('activity', overrides.activity),
  };
}

/** The sample answers of the pages before the given one: what that page needs saved to open. */
export function sampleSectionsBefore(section: ApplicationSection, overrides: SampleOverrides = {}): Partial<ApplicationSections> {
  const application = sampleApplication(overrides);
  const earlier = applicationSections.slice(0, applicationSections.indexOf(section));
  return Object.fromEntries(earlier.map((name) => [name, application[name]]));
}
