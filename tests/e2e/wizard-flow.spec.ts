import { expect, readSavedApplication, test } from './fixtures';
import { answerQuestions, storedAnswers, type Answers } from './wizard-answers';

// A complete run from the landing page to step 6 for every entity type, each with its own branches
// of the later pages, and every answer found afterwards in the saved application.

type Scenario = {
  entity: string;
  company: Answers;
  registration?: Answers;
  contact?: Answers;
  /** Answers the page fills in by itself (same-as-contact), expected in the saved contact section. */
  contactDerived?: Record<string, unknown>;
  hires: boolean;
  activity: Answers;
};

const address: Answers = {
  companyRegistrationNumber: 'REG-2026-0042',
  businessStartDate: '2026-01-15',
  previousOwnerEIN: { type: '123456789', stored: '12-3456789' },
  accountingYearClosingMonth: '06',
  streetAddress: '100 Congress Avenue',
  city: 'Austin',
  county: 'Travis',
  state: 'Texas',
  zipCode: { type: '787011234', stored: '78701-1234' },
};

const differentMailing: Answers = {
  sameMailingAddress: false,
  mailingStreetAddress: 'PO Box 1200',
  mailingCity: 'Round Rock',
  mailingCounty: 'Williamson',
  mailingState: 'Texas',
  mailingZipCode: { type: '78664', stored: '78664' },
};

const contact: Answers = {
  contactFirstName: 'Maria',
  contactMiddleName: 'Luisa',
  contactLastName: 'Rivera-Lopez',
  phoneNumber: { type: '5125550123', stored: '(512) 555-0123' },
  emailAddress: 'maria@example.com',
  rpFirstName: 'Daniel',
  rpLastName: 'Okafor',
  rpTitle: 'Managing Member',
  rpSSN: { type: '123456789', stored: '123456789' },
  rpPhone: { type: '5125550199', stored: '5125550199' },
  rpEmail: 'daniel@example.com',
};

const noHiring: Answers = { heavyVehicle: 'false', gambling: 'false', atf: 'true', exciseTax: 'false', willHire: 'false' };
const hiring: Answers = {
  heavyVehicle: 'true',
  gambling: 'false',
  atf: 'false',
  exciseTax: 'true',
  willHire: 'true',
  employeeTypes: ['agricultural', 'other'],
  'counts.agricultural': '3',
  'counts.other': '2',
  totalEmployeesExpected: '5',
  firstWageDate: '2026-03-01',
  expectedHireMonthYear: { type: '032026', stored: '03/2026' },
  taxLiability: '<=1000',
  reportingFrequency: 'annually',
};

const product = { principalProductOrService: 'We provide the services described above to local customers.' };

const corporation = (corporationType: string, extra: Answers = {}): Scenario => ({
  entity: `Corporation: ${corporationType}`,
  company: { companyName: `${corporationType} Holdings`, state: 'DE', entityType: 'Corporation', hasTradeName: 'false', corporationType, ...extra },
  registration: { ...address },
  hires: corporationType !== 'RIC',
  activity: { principalActivity: 'finance', financeCategory: 'investment-advice', ...product },
});

const scenarios: Scenario[] = [
  {
    entity: 'Sole Proprietor',
    company: {
      // The owner's own name: step 3 shows it as the responsible party's, not asked again.
      companyName: 'Daniel Okafor',
      state: 'TX',
      entityType: 'Sole Proprietor',
      hasTradeName: 'true',
      tradeName: 'Rivera Lawn & Garden',
      soleProprietorType: 'Sole Proprietor',
      soleProprietorReason: 'Started a new business',
    },
    registration: { ...address, ...differentMailing, mailingCareOf: 'Maria Rivera' },
    contact: Object.fromEntries(Object.entries(contact).filter(([name]) => name !== 'rpFirstName' && name !== 'rpLastName')),
    contactDerived: { rpFirstName: 'Daniel', rpMiddleName: '', rpLastName: 'Okafor' },
    hires: true,
    activity: { principalActivity: 'construction', constructionSingleTrade: 'true', constructionTradeType: 'Landscaping', ...product },
  },
  {
    entity: 'Partnership',
    company: {
      companyName: 'Okafor and Lee',
      state: 'NY',
      entityType: 'Partnership',
      hasTradeName: 'false',
      partnershipType: 'Joint Venture',
      partnershipReason: 'Banking purposes',
      bankingPurpose: 'Joint account for the venture',
    },
    contact: {
      contactFirstName: 'Grace',
      contactLastName: 'Lee',
      phoneNumber: { type: '2125550100', stored: '(212) 555-0100' },
      emailAddress: 'grace@example.com',
      sameAsContact: true,
      rpTitle: 'General Partner',
      rpSSN: { type: '987654321', stored: '987654321' },
    },
    contactDerived: { rpFirstName: 'Grace', rpLastName: 'Lee', rpEmail: 'grace@example.com', rpPhone: '2125550100' },
    hires: false,
    activity: { principalActivity: 'wholesale-agent', wholesaleAgentOwnsTitle: 'false', wholesaleAgentCommission: 'true', wholesaleAgentGoods: 'Coffee beans', ...product },
  },
  corporation('Corporation', { corporationReason: 'Hired employee(s)' }),
  corporation('S Corporation', { corporationReason: 'Started a new business' }),
  corporation('Personal Service Corporation', { corporationReason: 'Changed type of organization' }),
  { ...corporation('REIT', { corporationReason: 'Purchased active business' }), activity: { principalActivity: 'real-estate', realEstateCategory: 'rent-own-property', ...product } },
  { ...corporation('RIC', { corporationReason: 'Banking purposes', bankingPurpose: 'Custody account' }), activity: { principalActivity: 'finance', financeCategory: 'other', otherFinanceActivity: 'Pooled fund', ...product } },
  { ...corporation('Settlement Fund'), activity: { principalActivity: 'other', otherCategory: 'service', ...product } },
  {
    entity: 'LLC',
    company: {
      companyName: 'Golden Coast Bakery',
      state: 'CA',
      entityType: 'LLC',
      hasTradeName: 'false',
      llcMemberCount: '2',
      llcLocationState: 'CA',
      llcIsHusbandWife: 'true',
      llcTaxClassification: 'Single-member LLC',
      llcRicReason: 'Started a new business',
    },
    registration: { ...address, ...differentMailing, llcOrganizationState: 'California' },
    hires: true,
    activity: { principalActivity: 'accommodation', accommodationCategory: 'coffee-shop', ...product },
  },
  {
    entity: 'Estate',
    company: { companyName: 'Estate of John Smith', state: 'FL', entityType: 'Estate', hasTradeName: 'false', estateReason: 'Administering the estate' },
    contact: { ...contact, decedentSSN: { type: '111223333', stored: '111223333' } },
    hires: false,
    activity: { principalActivity: 'rental', rentalCategory: 'real-estate', rentalPropertyCategory: 'residential', ...product },
  },
  {
    entity: 'Trust',
    company: { companyName: 'Lee Family Trust', state: 'WA', entityType: 'Trust', hasTradeName: 'false', trustType: 'Irrevocable Trust' },
    contact: {
      ...contact,
      trustFilingAsEstate: true,
      trusteeFirstName: 'Ann',
      trusteeMiddleName: 'Marie',
      trusteeLastName: 'Lee',
      trusteeSuffix: 'Jr',
      grantorSSN: { type: '222334444', stored: '222334444' },
    },
    hires: false,
    activity: { principalActivity: 'transportation', transportationCategory: 'cargo', cargoTransportType: 'other', otherTransportationActivity: 'Freight by drone', ...product },
  },
  {
    entity: 'Others',
    company: {
      companyName: 'Hillside Community Garden',
      state: 'OR',
      entityType: 'Others',
      hasTradeName: 'false',
      otherEntityType: 'Nonprofit organization',
      otherEntityDescription: 'Community garden association',
      othersReason: 'Banking purposes',
      bankingPurpose: 'Members dues account',
    },
    hires: false,
    activity: { principalActivity: 'other', otherCategory: 'organization', otherOrganizationType: 'other', otherOrganizationActivity: 'Community gardening', ...product },
  },
];

for (const scenario of scenarios) {
  test(`a ${scenario.entity} applicant goes from the landing page to step 6 with every answer saved and accepted by the server`, async ({ page }) => {
    const registration = scenario.registration ?? address;
    const contactAnswers = scenario.contact ?? contact;
    const compliance = scenario.hires ? hiring : noHiring;

    await page.goto('/');
    await page.getByRole('link', { name: 'Start Application' }).first().click();
    await expect(page).toHaveURL(/\/ein-application-start$/);

    await answerQuestions(page, scenario.company);
    await page.getByRole('button', { name: 'Next Step' }).click();
    await expect(page).toHaveURL(/\/ein\/step-2$/);

    await answerQuestions(page, registration);
    await page.getByRole('button', { name: /Continue/ }).click();
    await expect(page).toHaveURL(/\/ein\/step-3$/);

    await answerQuestions(page, contactAnswers);
    await page.getByRole('button', { name: /Continue/ }).click();
    await expect(page).toHaveURL(/\/ein\/step-4$/);

    await answerQuestions(page, compliance);
    await page.getByRole('button', { name: /Continue/ }).click();
    await expect(page).toHaveURL(/\/ein\/step-5$/);

    await answerQuestions(page, scenario.activity);
    await page.getByRole('button', { name: /Continue/ }).click();
    await expect(page).toHaveURL(/\/ein\/step-6$/);

    const saved = await readSavedApplication(page);
    expect(saved).toMatchObject({
      version: 1,
      company: storedAnswers(scenario.company),
      registration: storedAnswers(registration),
      contact: { ...storedAnswers(contactAnswers), ...scenario.contactDerived, entityType: scenario.company.entityType },
      compliance: storedAnswers(compliance),
      activity: storedAnswers(scenario.activity),
    });

    // The server validates the whole application with the same schemas before it offers payment.
    await expect(page.locator('[name="cardNumber"]')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Complete Order' })).toBeEnabled();
  });
}

test('going back restores the answers, and a reload keeps them', async ({ page }) => {
  const scenario = scenarios[0]!;
  await page.goto('/ein-application-start');
  await answerQuestions(page, scenario.company);
  await page.getByRole('button', { name: 'Next Step' }).click();
  await answerQuestions(page, address);
  await page.getByRole('button', { name: /Continue/ }).click();
  await expect(page).toHaveURL(/\/ein\/step-3$/);

  // Back without Continue: what was typed on step 3 is kept as its draft, and the earlier pages too.
  await page.locator('[name="contactFirstName"]').fill('Unsaved');
  await page.getByRole('link', { name: /Back/ }).click();
  await expect(page).toHaveURL(/\/ein\/step-2$/);
  await expect(page.locator('[name="city"]')).toHaveValue('Austin');
  await expect(page.locator('[name="zipCode"]')).toHaveValue('78701-1234');
  await expect(page.locator('[name="businessStartDate"]')).toHaveValue('2026-01-15');

  await page.reload();
  await expect(page.locator('[name="county"]')).toHaveValue('Travis');
  await expect(page.locator('[name="accountingYearClosingMonth"]')).toHaveValue('06');

  await page.getByRole('link', { name: /Back/ }).click();
  await expect(page).toHaveURL(/\/ein-application-start$/);
  await expect(page.locator('[name="companyName"]')).toHaveValue('Daniel Okafor');
  await expect(page.locator('[name="tradeName"]')).toHaveValue('Rivera Lawn & Garden');
  await expect(page.locator('[name="soleProprietorType"][value="Sole Proprietor"]')).toBeChecked();

  const saved = await readSavedApplication(page);
  expect(saved?.contact).toMatchObject({ contactFirstName: 'Unsaved' });
});

for (const path of ['/ein/step-2', '/ein/step-3', '/ein/step-4', '/ein/step-5', '/ein/step-6']) {
  test(`a direct visit to ${path} without saved answers goes to step 1`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/ein-application-start$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Company Information' })).toBeVisible();
  });
}
