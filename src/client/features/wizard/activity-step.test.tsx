// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Activity } from '#shared/application/activity.ts';
import { applicationStorageKey } from '#client/lib/application-storage.ts';
import { sampleSectionsBefore } from '#shared/application/sample-application.ts';
import { ActivityStep } from './activity-step';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const earlierSections = sampleSectionsBefore('activity');

function seed(activity?: Partial<Activity>) {
  sessionStorage.setItem(applicationStorageKey, JSON.stringify({ version: 1, ...earlierSections, ...(activity ? { activity } : {}) }));
}

function saved() {
  return JSON.parse(sessionStorage.getItem(applicationStorageKey) ?? 'null') as Record<string, unknown>;
}

async function renderStep() {
  render(
    <MemoryRouter initialEntries={['/ein/step-5']}>
      <Routes>
        <Route path="/ein/step-5" element={<ActivityStep />} />
        <Route path="/ein/step-6" element={<h1>Step 6 page</h1>} />
        <Route path="/ein/step-4" element={<h1>Step 4 page</h1>} />
        <Route path="/ein-application-start" element={<h1>Step 1 page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Business Activity' });
}

/** The radio or checkbox group (fieldset) whose legend matches. */
function question(legend: RegExp | string): HTMLElement {
  const fieldset = screen.getByText(legend, { selector: 'legend' }).closest('fieldset');
  if (!fieldset) throw new Error(`No fieldset around the legend ${legend}`);
  return fieldset;
}

/** The legends and labels of the follow-up questions on screen, in order. */
function visibleQuestions(): string[] {
  const section = screen.getByRole('heading', { level: 2, name: 'Industry Information' }).closest('section');
  return Array.from(section?.querySelectorAll('legend, label[for]') ?? [])
    .map((element) => element.childNodes[0]?.textContent ?? '')
    .filter((text) => text !== "What is your business's principal activity?" && text !== 'Principal product or service');
}

type User = ReturnType<typeof userEvent.setup>;

async function choose(user: User, legend: RegExp | string, option: string | RegExp) {
  await user.click(within(question(legend)).getByRole('radio', { name: option }));
}

async function chooseActivity(user: User, activity: string) {
  await choose(user, "What is your business's principal activity?", activity);
}

describe('ActivityStep', () => {
  it('shows the step with the 12 principal activities and the product or service', async () => {
    seed();
    await renderStep();
    expect(screen.getByText('Information about your principal business activity and industry')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Industry Information' })).toBeTruthy();
    const activities = within(question("What is your business's principal activity?")).getAllByRole('radio');
    expect(activities.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Health care & social assistance',
      'Wholesale-agent/broker',
      'Construction',
      'Rental & leasing',
      'Transportation & warehousing',
      'Accommodation & food services',
      'Wholesale-other',
      'Retail',
      'Real estate',
      'Manufacturing',
      'Finance & insurance',
      'Other',
    ]);
    expect(activities.every((radio) => radio.getAttribute('name') === 'principalActivity')).toBe(true);
    const product = screen.getByRole('textbox', { name: 'Principal product or service' }) as HTMLTextAreaElement;
    expect(product.rows).toBe(4);
    expect(product.maxLength).toBe(500);
    expect(product.placeholder).toBe('Example: We sell handmade wood furniture to retail customers online.');
    expect(visibleQuestions()).toEqual([]);
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/ein/step-4');
  });

  it('sends a visitor without the earlier answers to step 1', async () => {
    render(
      <MemoryRouter initialEntries={['/ein/step-5']}>
        <Routes>
          <Route path="/ein/step-5" element={<ActivityStep />} />
          <Route path="/ein-application-start" element={<h1>Step 1 page</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Step 1 page' })).toBeTruthy();
  });

  it('shows the construction follow-ups by the single-trade answer', async () => {
    seed();
    const user = userEvent.setup();
    await renderStep();
    await chooseActivity(user, 'Construction');
    expect(visibleQuestions()).toEqual(['Does the business work in a single construction trade?']);

    await choose(user, /single construction trade/, 'Yes');
    expect(visibleQuestions()).toEqual(['Does the business work in a single construction trade?', 'Which trade?']);

    await choose(user, /single construction trade/, 'No');
    expect(visibleQuestions()).toEqual(['Does the business work in a single construction trade?', 'What kind of construction does the business do?']);
    expect(within(question(/kind of construction/)).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Build new residential properties',
      'Remodel existing residential structures',
      'Build non-residential properties',
      'Build other types of structures (bridges, highways, water and sewer lines, pipelines)',
    ]);

    await chooseActivity(user, 'Manufacturing');
    expect(visibleQuestions()).toEqual(['What goods does the business make, and from what primary material?']);
  });

  it('shows the rental follow-ups for real estate and goods, none for managing', async () => {
    seed();
    const user = userEvent.setup();
    await renderStep();
    await chooseActivity(user, 'Rental & leasing');
    await choose(user, /rental or leasing business/, 'I rent, lease, or sell real estate');
    expect(visibleQuestions()).toEqual(['Which best describes your rental or leasing business?', 'Which best describes your real estate activity?']);
    await choose(user, /rental or leasing business/, 'I rent or lease goods');
    expect(visibleQuestions()).toEqual(['Which best describes your rental or leasing business?', 'What goods do you rent or lease?']);
    await choose(user, /rental or leasing business/, 'I manage real estate for others');
    expect(visibleQuestions()).toEqual(['Which best describes your rental or leasing business?']);
  });

  it('asks to describe the transportation only for Other cargo or passenger transport', async () => {
    seed();
    const user = userEvent.setup();
    await renderStep();
    await chooseActivity(user, 'Transportation & warehousing');
    await choose(user, /transportation or warehousing/, 'Primarily transport cargo');
    await choose(user, /transport cargo\?/, 'Trucking');
    expect(visibleQuestions()).toEqual(['Which best describes your transportation or warehousing business?', 'How do you transport cargo?']);
    await choose(user, /transport cargo\?/, 'Other');
    expect(visibleQuestions()).toContain('Describe the transportation activity');

    await choose(user, /transportation or warehousing/, 'Primarily transport passengers');
    expect(visibleQuestions()).toEqual([
      'Which best describes your transportation or warehousing business?',
      'What kind of passenger transportation do you provide?',
    ]);
    await choose(user, /passenger transportation/, 'Other');
    expect(visibleQuestions()).toContain('Describe the transportation activity');

    await choose(user, /transportation or warehousing/, 'Warehousing');
    expect(visibleQuestions()).toEqual(['Which best describes your transportation or warehousing business?']);
  });

  it('offers long lists as a drop-down and shows their Other follow-up', async () => {
    seed();
    const user = userEvent.setup();
    await renderStep();
    await chooseActivity(user, 'Finance & insurance');
    const finance = screen.getByRole('combobox', { name: /finance or insurance business/ });
    expect(within(finance).getAllByRole('option')).toHaveLength(16);
    await user.selectOptions(finance, 'Other');
    expect(visibleQuestions()).toEqual(['Which best describes your finance or insurance business?', 'Describe the finance or insurance activity']);
  });

  it('walks the Other branch: organization, rental, sell goods (retail and wholesale) and consulting', async () => {
    seed();
    const user = userEvent.setup();
    await renderStep();
    await chooseActivity(user, 'Other');
    const other = 'Which best describes your business?';

    await choose(user, other, /^Organization/);
    await choose(user, /type of organization/, 'Other');
    expect(visibleQuestions()).toEqual([other, 'What type of organization is it?', "Describe the organization's activity"]);

    await choose(user, other, 'Rental');
    expect(visibleQuestions()).toEqual([other, 'What do you rent?']);
    await choose(user, /What do you rent/, 'I rent, lease, or sell real estate');
    expect(visibleQuestions()).toEqual([other, 'What do you rent?', 'Which best describes your real estate activity?']);
    await choose(user, /What do you rent/, 'I rent or lease goods');
    expect(visibleQuestions()).toEqual([other, 'What do you rent?']);

    await choose(user, other, 'Sell goods');
    await choose(user, /retail or wholesale/, 'Retail');
    await choose(user, /sell to its customers/, 'Storefront sales');
    expect(visibleQuestions()).toEqual([other, 'Do you sell the goods at retail or wholesale?', 'How does the business sell to its customers?', 'What type of store?']);
    await choose(user, /sell to its customers/, 'Direct sales');
    expect(within(question(/kind of direct sales/)).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Catalog',
      'Mail order',
      'Door to door',
    ]);
    await choose(user, /sell to its customers/, 'Other');
    expect(visibleQuestions()).toContain('Describe the retail activity');
    await choose(user, /retail or wholesale/, 'Wholesale');
    expect(visibleQuestions()).toEqual([
      other,
      'Do you sell the goods at retail or wholesale?',
      'Does the business own (take title to) the goods it sells?',
      'Does the business sell goods for others on a commission basis?',
    ]);

    await choose(user, other, 'Consulting');
    await choose(user, /operating advice/, 'Yes');
    expect(visibleQuestions()).toEqual([other, 'Does the business give operating advice and assistance to other businesses?', 'What type of consulting?']);
    await choose(user, /operating advice/, 'No');
    expect(visibleQuestions()).toEqual([other, 'Does the business give operating advice and assistance to other businesses?']);

    await choose(user, other, 'Repair');
    expect(visibleQuestions()).toEqual([other]);
  });

  it('checks a field when it is first left', async () => {
    seed();
    const user = userEvent.setup();
    await renderStep();
    await user.type(screen.getByRole('textbox', { name: 'Principal product or service' }), 'Chairs');
    expect(screen.queryByText('Please provide more detail about your principal product or service')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Please provide more detail about your principal product or service')).toBeTruthy();
  });

  it('shows the messages of the visible questions on submit and stays on the page', async () => {
    seed();
    const user = userEvent.setup();
    await renderStep();
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await screen.findByText('Select a principal activity')).toBeTruthy();
    expect(screen.getByText('Please provide more detail about your principal product or service')).toBeTruthy();

    await chooseActivity(user, 'Health care & social assistance');
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await screen.findByText('Select a health care category')).toBeTruthy();
    await choose(user, /health care or social assistance/, 'Other mental health practitioner');
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    // The question's label says the same: look for the error text under the field.
    expect(await screen.findByText('Describe your health care activity', { selector: '[id$="-error"]' })).toBeTruthy();
    // Still on step 5 (the answers typed so far are kept as a draft, see the draft tests).
    expect(screen.getByRole('button', { name: /Continue/ })).toBeTruthy();
  });

  it('restores saved answers, follow-ups included', async () => {
    seed({
      principalActivity: 'other',
      otherCategory: 'sell-goods',
      otherGoodsType: 'retail',
      otherRetailCategory: 'storefront',
      otherRetailStoreType: 'Florist',
      principalProductOrService: 'Fresh flowers for weddings and events.',
    });
    await renderStep();
    expect((within(question("What is your business's principal activity?")).getByRole('radio', { name: 'Other' }) as HTMLInputElement).checked).toBe(true);
    expect((within(question(/retail or wholesale/)).getByRole('radio', { name: 'Retail' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('textbox', { name: 'What type of store?' }) as HTMLInputElement).value).toBe('Florist');
    expect((screen.getByRole('textbox', { name: 'Principal product or service' }) as HTMLTextAreaElement).value).toBe(
      'Fresh flowers for weddings and events.',
    );
  });

  it('saves only the visible answers and goes to step 6', async () => {
    seed();
    const user = userEvent.setup();
    await renderStep();
    // An answer in a branch left later is not saved.
    await chooseActivity(user, 'Manufacturing');
    await user.type(screen.getByRole('textbox', { name: /What goods does the business make/ }), 'Chairs');
    await chooseActivity(user, 'Construction');
    await choose(user, /single construction trade/, 'Yes');
    await user.type(screen.getByRole('textbox', { name: 'Which trade?' }), 'Roofing');
    await user.type(screen.getByRole('textbox', { name: 'Principal product or service' }), 'Roof repair for homes in Austin.');
    await user.click(screen.getByRole('button', { name: /Continue/ }));

    expect(await screen.findByRole('heading', { name: 'Step 6 page' })).toBeTruthy();
    expect(saved()).toEqual({
      version: 1,
      ...earlierSections,
      activity: {
        principalActivity: 'construction',
        constructionSingleTrade: 'true',
        constructionTradeType: 'Roofing',
        principalProductOrService: 'Roof repair for homes in Austin.',
      },
    });
  });
});
