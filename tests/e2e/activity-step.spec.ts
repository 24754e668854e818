import { activityMessages } from '#shared/application/activity.ts';
import type { Locator, Page } from '@playwright/test';
import { sampleSectionsBefore } from '#shared/application/sample-application.ts';
import { expect, expectNoSeriousA11yViolations, readSavedApplication, seedSavedApplication, test } from './fixtures';

// The answers of steps 1 to 4 as those pages save them; step 5 only needs them to be present (and
// the Back test finds the "no" to hiring on step 4).
const earlierSections = sampleSectionsBefore('activity', { compliance: { willHire: 'false' } });

const productOrService = 'We sell handmade wood furniture to retail customers online.';

/** The radio group whose legend contains the text. */
function question(page: Page, legend: string): Locator {
  return page.locator('legend', { hasText: legend }).locator('xpath=ancestor::fieldset[1]');
}

async function openStep5(page: Page) {
  await seedSavedApplication(page, { version: 1, ...earlierSections });
  await page.goto('/ein/step-5');
  await expect(page.getByRole('heading', { level: 1, name: 'Business Activity' })).toBeVisible();
}

async function chooseActivity(page: Page, activity: string) {
  await question(page, 'principal activity').getByRole('radio', { name: activity, exact: true }).check();
}

/** One answer: a radio or yes/no option, a drop-down option, or typed text, found by its question. */
type Answer = { radio: string; option: string } | { select: string; option: string } | { text: string; value: string };

async function give(page: Page, answer: Answer) {
  if ('radio' in answer) await question(page, answer.radio).getByRole('radio', { name: answer.option, exact: true }).check();
  else if ('select' in answer) await page.getByRole('combobox', { name: answer.select }).selectOption({ label: answer.option });
  else await page.getByRole('textbox', { name: answer.text, exact: true }).fill(answer.value);
}

type Case = { name: string; activity: string; answers: Answer[]; saved: Record<string, string> };

// Every principal activity, down each branch that has a further follow-up, to a leaf.
const cases: Case[] = [
  {
    name: 'health care, other mental health practitioner',
    activity: 'Health care & social assistance',
    answers: [
      { radio: 'health care or social assistance business', option: 'Other mental health practitioner' },
      { text: 'Describe your health care activity', value: 'Art therapy' },
    ],
    saved: { principalActivity: 'health-care', healthCareCategory: 'other-mental-health', otherHealthCareActivity: 'Art therapy' },
  },
  {
    name: 'health care, other',
    activity: 'Health care & social assistance',
    answers: [
      { radio: 'health care or social assistance business', option: 'Other' },
      { text: 'Describe your health care activity', value: 'Home care' },
    ],
    saved: { principalActivity: 'health-care', healthCareCategory: 'other', otherHealthCareActivity: 'Home care' },
  },
  {
    name: 'health care, nursing home',
    activity: 'Health care & social assistance',
    answers: [{ radio: 'health care or social assistance business', option: 'Nursing home' }],
    saved: { principalActivity: 'health-care', healthCareCategory: 'nursing-home' },
  },
  {
    name: 'wholesale agent/broker',
    activity: 'Wholesale-agent/broker',
    answers: [
      { radio: 'own (take title to) the goods', option: 'No' },
      { radio: 'commission basis', option: 'Yes' },
      { text: 'What goods does the business sell?', value: 'Steel beams' },
    ],
    saved: { principalActivity: 'wholesale-agent', wholesaleAgentOwnsTitle: 'false', wholesaleAgentCommission: 'true', wholesaleAgentGoods: 'Steel beams' },
  },
  {
    name: 'construction, single trade',
    activity: 'Construction',
    answers: [
      { radio: 'single construction trade', option: 'Yes' },
      { text: 'Which trade?', value: 'Plumbing' },
    ],
    saved: { principalActivity: 'construction', constructionSingleTrade: 'true', constructionTradeType: 'Plumbing' },
  },
  {
    name: 'construction, not a single trade',
    activity: 'Construction',
    answers: [
      { radio: 'single construction trade', option: 'No' },
      { radio: 'kind of construction', option: 'Remodel existing residential structures' },
    ],
    saved: { principalActivity: 'construction', constructionSingleTrade: 'false', constructionBusinessCategory: 'remodel-residential' },
  },
  {
    name: 'rental of real estate',
    activity: 'Rental & leasing',
    answers: [
      { radio: 'rental or leasing business', option: 'I rent, lease, or sell real estate' },
      { radio: 'real estate activity', option: 'Rent residential that I own' },
    ],
    saved: { principalActivity: 'rental', rentalCategory: 'real-estate', rentalPropertyCategory: 'residential' },
  },
  {
    name: 'rental of goods',
    activity: 'Rental & leasing',
    answers: [
      { radio: 'rental or leasing business', option: 'I rent or lease goods' },
      { text: 'What goods do you rent or lease?', value: 'Party tents' },
    ],
    saved: { principalActivity: 'rental', rentalCategory: 'goods', rentalGoodsType: 'Party tents' },
  },
  {
    name: 'managing real estate for others',
    activity: 'Rental & leasing',
    answers: [{ radio: 'rental or leasing business', option: 'I manage real estate for others' }],
    saved: { principalActivity: 'rental', rentalCategory: 'manage-real-estate' },
  },
  {
    name: 'transportation, cargo by another means',
    activity: 'Transportation & warehousing',
    answers: [
      { radio: 'transportation or warehousing business', option: 'Primarily transport cargo' },
      { radio: 'transport cargo?', option: 'Other' },
      { text: 'Describe the transportation activity', value: 'Pipeline transport' },
    ],
    saved: { principalActivity: 'transportation', transportationCategory: 'cargo', cargoTransportType: 'other', otherTransportationActivity: 'Pipeline transport' },
  },
  {
    name: 'transportation, cargo by truck',
    activity: 'Transportation & warehousing',
    answers: [
      { radio: 'transportation or warehousing business', option: 'Primarily transport cargo' },
      { radio: 'transport cargo?', option: 'Trucking' },
    ],
    saved: { principalActivity: 'transportation', transportationCategory: 'cargo', cargoTransportType: 'trucking' },
  },
  {
    name: 'transportation, other passenger service',
    activity: 'Transportation & warehousing',
    answers: [
      { radio: 'transportation or warehousing business', option: 'Primarily transport passengers' },
      { radio: 'passenger transportation', option: 'Other' },
      { text: 'Describe the transportation activity', value: 'Pedicab rides' },
    ],
    saved: { principalActivity: 'transportation', transportationCategory: 'passengers', passengerTransportType: 'other', otherTransportationActivity: 'Pedicab rides' },
  },
  {
    name: 'transportation, taxi',
    activity: 'Transportation & warehousing',
    answers: [
      { radio: 'transportation or warehousing business', option: 'Primarily transport passengers' },
      { radio: 'passenger transportation', option: 'Taxi service' },
    ],
    saved: { principalActivity: 'transportation', transportationCategory: 'passengers', passengerTransportType: 'taxi' },
  },
  {
    name: 'warehousing',
    activity: 'Transportation & warehousing',
    answers: [{ radio: 'transportation or warehousing business', option: 'Warehousing' }],
    saved: { principalActivity: 'transportation', transportationCategory: 'warehousing' },
  },
  {
    name: 'accommodation, other',
    activity: 'Accommodation & food services',
    answers: [
      { select: 'accommodation or food service business', option: 'Other' },
      { text: 'Describe the accommodation or food service activity', value: 'Bed and breakfast' },
    ],
    saved: { principalActivity: 'accommodation', accommodationCategory: 'other', otherAccommodationActivity: 'Bed and breakfast' },
  },
  {
    name: 'accommodation, coffee shop',
    activity: 'Accommodation & food services',
    answers: [{ select: 'accommodation or food service business', option: 'Coffee shop' }],
    saved: { principalActivity: 'accommodation', accommodationCategory: 'coffee-shop' },
  },
  {
    name: 'wholesale other',
    activity: 'Wholesale-other',
    answers: [
      { radio: 'own (take title to) the goods', option: 'Yes' },
      { radio: 'commission basis', option: 'No' },
      { text: 'What goods does the business sell?', value: 'Toys' },
    ],
    saved: { principalActivity: 'wholesale-other', wholesaleOtherOwnsTitle: 'true', wholesaleOtherCommission: 'false', wholesaleOtherGoods: 'Toys' },
  },
  {
    name: 'retail, storefront',
    activity: 'Retail',
    answers: [
      { radio: 'sell to its customers', option: 'Storefront sales' },
      { text: 'What type of store?', value: 'Bakery' },
    ],
    saved: { principalActivity: 'retail', retailCategory: 'storefront', retailStoreType: 'Bakery' },
  },
  {
    name: 'retail, direct sales',
    activity: 'Retail',
    answers: [
      { radio: 'sell to its customers', option: 'Direct sales' },
      { radio: 'kind of direct sales', option: 'Mail Order' },
    ],
    saved: { principalActivity: 'retail', retailCategory: 'direct', directSalesCategory: 'mail-order' },
  },
  {
    name: 'retail, other',
    activity: 'Retail',
    answers: [
      { radio: 'sell to its customers', option: 'Other' },
      { text: 'Describe the retail activity', value: 'Vending machines' },
    ],
    saved: { principalActivity: 'retail', retailCategory: 'other', otherRetailActivity: 'Vending machines' },
  },
  {
    name: 'retail, internet only',
    activity: 'Retail',
    answers: [{ radio: 'sell to its customers', option: 'Internet sales only (including sales on auction sites)' }],
    saved: { principalActivity: 'retail', retailCategory: 'internet' },
  },
  {
    name: 'real estate, other',
    activity: 'Real estate',
    answers: [
      { radio: 'real estate business', option: 'Other' },
      { text: 'Describe the real estate activity', value: 'Property appraisal' },
    ],
    saved: { principalActivity: 'real-estate', realEstateCategory: 'other', otherRealEstateActivity: 'Property appraisal' },
  },
  {
    name: 'real estate, selling for others',
    activity: 'Real estate',
    answers: [{ radio: 'real estate business', option: 'Sell property for others' }],
    saved: { principalActivity: 'real-estate', realEstateCategory: 'sell-for-others' },
  },
  {
    name: 'manufacturing',
    activity: 'Manufacturing',
    answers: [{ text: 'What goods does the business make, and from what primary material?', value: 'Wood furniture' }],
    saved: { principalActivity: 'manufacturing', manufacturingGoodsType: 'Wood furniture' },
  },
  {
    name: 'finance, other',
    activity: 'Finance & insurance',
    answers: [
      { select: 'finance or insurance business', option: 'Other' },
      { text: 'Describe the finance or insurance activity', value: 'Pawn lending' },
    ],
    saved: { principalActivity: 'finance', financeCategory: 'other', otherFinanceActivity: 'Pawn lending' },
  },
  {
    name: 'finance, mortgage lending',
    activity: 'Finance & insurance',
    answers: [{ select: 'finance or insurance business', option: 'Mortgage lending funds with real estate as collateral' }],
    saved: { principalActivity: 'finance', financeCategory: 'mortgage-lending' },
  },
  {
    name: 'other, organization of another type',
    activity: 'Other',
    answers: [
      { radio: 'Which best describes your business?', option: 'Organization (such as religious, environmental, social or civic, athletic, etc.)' },
      { radio: 'type of organization', option: 'Other' },
      { text: "Describe the organization's activity", value: 'Book club' },
    ],
    saved: { principalActivity: 'other', otherCategory: 'organization', otherOrganizationType: 'other', otherOrganizationActivity: 'Book club' },
  },
  {
    name: 'other, homeowners association',
    activity: 'Other',
    answers: [
      { radio: 'Which best describes your business?', option: 'Organization (such as religious, environmental, social or civic, athletic, etc.)' },
      { radio: 'type of organization', option: 'Homeowners association' },
    ],
    saved: { principalActivity: 'other', otherCategory: 'organization', otherOrganizationType: 'homeowners-association' },
  },
  {
    name: 'other, rental of real estate',
    activity: 'Other',
    answers: [
      { radio: 'Which best describes your business?', option: 'Rental' },
      { radio: 'What do you rent?', option: 'I rent, lease, or sell real estate' },
      { radio: 'real estate activity', option: 'I rent commercial, industrial, or other real estate that I own' },
    ],
    saved: { principalActivity: 'other', otherCategory: 'rental', otherRentalType: 'real-estate', otherRentalPropertyCategory: 'commercial' },
  },
  {
    name: 'other, rental of goods',
    activity: 'Other',
    answers: [
      { radio: 'Which best describes your business?', option: 'Rental' },
      { radio: 'What do you rent?', option: 'I rent or lease goods' },
    ],
    saved: { principalActivity: 'other', otherCategory: 'rental', otherRentalType: 'goods' },
  },
  {
    name: 'other, selling goods in a store',
    activity: 'Other',
    answers: [
      { radio: 'Which best describes your business?', option: 'Sell goods' },
      { radio: 'retail or wholesale', option: 'Retail' },
      { radio: 'sell to its customers', option: 'Storefront sales' },
      { text: 'What type of store?', value: 'Florist' },
    ],
    saved: { principalActivity: 'other', otherCategory: 'sell-goods', otherGoodsType: 'retail', otherRetailCategory: 'storefront', otherRetailStoreType: 'Florist' },
  },
  {
    name: 'other, selling goods door to door',
    activity: 'Other',
    answers: [
      { radio: 'Which best describes your business?', option: 'Sell goods' },
      { radio: 'retail or wholesale', option: 'Retail' },
      { radio: 'sell to its customers', option: 'Direct sales' },
      { radio: 'kind of direct sales', option: 'Door to door' },
    ],
    saved: { principalActivity: 'other', otherCategory: 'sell-goods', otherGoodsType: 'retail', otherRetailCategory: 'direct', otherDirectSalesCategory: 'door-to-door' },
  },
  {
    name: 'other, selling goods another way',
    activity: 'Other',
    answers: [
      { radio: 'Which best describes your business?', option: 'Sell goods' },
      { radio: 'retail or wholesale', option: 'Retail' },
      { radio: 'sell to its customers', option: 'Other' },
      { text: 'Describe the retail activity', value: 'Craft fairs' },
    ],
    saved: { principalActivity: 'other', otherCategory: 'sell-goods', otherGoodsType: 'retail', otherRetailCategory: 'other', otherRetailOtherActivity: 'Craft fairs' },
  },
  {
    name: 'other, selling goods at auction',
    activity: 'Other',
    answers: [
      { radio: 'Which best describes your business?', option: 'Sell goods' },
      { radio: 'retail or wholesale', option: 'Retail' },
      { radio: 'sell to its customers', option: 'Auction house' },
    ],
    saved: { principalActivity: 'other', otherCategory: 'sell-goods', otherGoodsType: 'retail', otherRetailCategory: 'auction-house' },
  },
  {
    name: 'other, selling goods wholesale',
    activity: 'Other',
    answers: [
      { radio: 'Which best describes your business?', option: 'Sell goods' },
      { radio: 'retail or wholesale', option: 'Wholesale' },
      { radio: 'own (take title to) the goods', option: 'Yes' },
      { radio: 'commission basis', option: 'Yes' },
    ],
    saved: { principalActivity: 'other', otherCategory: 'sell-goods', otherGoodsType: 'wholesale', otherWholesaleOwnsTitle: 'true', otherWholesaleCommission: 'true' },
  },
  {
    name: 'other, consulting with operating advice',
    activity: 'Other',
    answers: [
      { radio: 'Which best describes your business?', option: 'Consulting' },
      { radio: 'operating advice', option: 'Yes' },
      { text: 'What type of consulting?', value: 'Management consulting' },
    ],
    saved: { principalActivity: 'other', otherCategory: 'consulting', providesOperatingAdvice: 'true', consultingType: 'Management consulting' },
  },
  {
    name: 'other, consulting without operating advice',
    activity: 'Other',
    answers: [
      { radio: 'Which best describes your business?', option: 'Consulting' },
      { radio: 'operating advice', option: 'No' },
    ],
    saved: { principalActivity: 'other', otherCategory: 'consulting', providesOperatingAdvice: 'false' },
  },
  {
    name: 'other, repair',
    activity: 'Other',
    answers: [{ radio: 'Which best describes your business?', option: 'Repair' }],
    saved: { principalActivity: 'other', otherCategory: 'repair' },
  },
];

for (const { name, activity, answers, saved } of cases) {
  test(`saves the answers of ${name}`, async ({ page }) => {
    await openStep5(page);
    await chooseActivity(page, activity);
    for (const answer of answers) await give(page, answer);
    await page.getByRole('textbox', { name: 'Principal product or service' }).fill(productOrService);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/ein\/step-6$/);
    expect(await readSavedApplication(page)).toEqual({
      version: 1,
      ...earlierSections,
      activity: { ...saved, principalProductOrService: productOrService },
    });
  });
}

test('covers all 12 principal activities', () => {
  expect(new Set(cases.map((testCase) => testCase.activity)).size).toBe(12);
});

test('shows the page with its title and the 12 activities', async ({ page }) => {
  await openStep5(page);
  await expect(page).toHaveTitle('Business Activity | EIN Filing Service');
  await expect(page.getByText('Information about your principal business activity and industry')).toBeVisible();
  await expect(question(page, 'principal activity').getByRole('radio')).toHaveCount(12);
});

test('chooses the principal activity with the keyboard', async ({ page }) => {
  await openStep5(page);
  const activities = question(page, 'principal activity');
  await activities.getByRole('radio', { name: 'Health care & social assistance' }).focus();
  await page.keyboard.press('Space');
  await expect(activities.getByRole('radio', { name: 'Health care & social assistance' })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(activities.getByRole('radio', { name: 'Wholesale-agent/broker' })).toBeChecked();
  await expect(question(page, 'own (take title to) the goods')).toBeVisible();
});

test('shows the messages on bad input and stays on the page', async ({ page }) => {
  await openStep5(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(activityMessages.principalActivity)).toBeVisible();
  await expect(page.getByText(activityMessages.principalProductOrService)).toBeVisible();

  await chooseActivity(page, 'Other');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Select other category')).toBeVisible();
  await give(page, { radio: 'Which best describes your business?', option: 'Sell goods' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Select goods type')).toBeVisible();
  await give(page, { radio: 'retail or wholesale', option: 'Retail' });
  await give(page, { radio: 'sell to its customers', option: 'Storefront sales' });
  await page.getByRole('textbox', { name: 'What type of store?' }).fill(' x ');
  await page.getByRole('textbox', { name: 'What type of store?' }).blur();
  await expect(page.getByText('Describe the store type')).toBeVisible();

  await expect(page).toHaveURL(/\/ein\/step-5$/);
  // What was typed is kept as the page's draft (decision 015); the page itself is not left.
});

test('Back restores the step 4 answers, and the step 5 answers reload on return', async ({ page }) => {
  await openStep5(page);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/ein\/step-4$/);
  await expect(question(page, 'hire employees').getByRole('radio', { name: 'No' })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/ein\/step-5$/);
  await chooseActivity(page, 'Transportation & warehousing');
  await give(page, { radio: 'transportation or warehousing business', option: 'Primarily transport passengers' });
  await give(page, { radio: 'passenger transportation', option: 'Limousine service' });
  await page.getByRole('textbox', { name: 'Principal product or service' }).fill('Airport limousine rides.');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/ein\/step-6$/);

  await page.goto('/ein/step-5');
  await expect(question(page, 'principal activity').getByRole('radio', { name: 'Transportation & warehousing' })).toBeChecked();
  await expect(question(page, 'passenger transportation').getByRole('radio', { name: 'Limousine service' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Principal product or service' })).toHaveValue('Airport limousine rides.');
});

for (const width of [1280, 375]) {
  test(`has no serious accessibility violations with follow-ups open at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openStep5(page);
    await chooseActivity(page, 'Other');
    await give(page, { radio: 'Which best describes your business?', option: 'Sell goods' });
    await give(page, { radio: 'retail or wholesale', option: 'Retail' });
    await give(page, { radio: 'sell to its customers', option: 'Direct sales' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Select direct sales category')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await chooseActivity(page, 'Finance & insurance');
    await page.getByRole('combobox', { name: 'Which best describes your finance or insurance business?' }).selectOption({ label: 'Other' });
    await page.getByRole('textbox', { name: 'Describe the finance or insurance activity' }).focus();
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
