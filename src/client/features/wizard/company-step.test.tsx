// @vitest-environment jsdom
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { applicationStorageKey } from '#client/lib/application-storage.ts';
import { companyMessages } from '#shared/application/company.ts';
import { sampleSection } from '#shared/application/sample-application.ts';
import { paths } from '#client/paths.ts';
import { CompanyStep } from './company-step';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

beforeEach(() => {
  window.dataLayer = [];
});

function seed(application: Record<string, unknown>) {
  sessionStorage.setItem(applicationStorageKey, JSON.stringify({ version: 1, ...application }));
}

function saved(): Record<string, unknown> | null {
  const raw = sessionStorage.getItem(applicationStorageKey);
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
}

async function renderStep({ strict = false } = {}) {
  const tree = (
    <MemoryRouter initialEntries={[paths.wizardStart]}>
      <Routes>
        <Route path={paths.wizardStart} element={<CompanyStep />} />
        <Route path={paths.step2} element={<p>Registration page</p>} />
      </Routes>
    </MemoryRouter>
  );
  const user = userEvent.setup();
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  await screen.findByRole('button', { name: 'Next Step' });
  return user;
}

const companyName = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Legal Company Name' });
const stateSelect = () => screen.getByRole('combobox', { name: 'State of Formation' });
const entityTypeSelect = () => screen.getByRole('combobox', { name: 'Entity Type' });
// A question of radios, by its legend. (Found through the legend rather than by role: FieldSet
// wraps its legend in a div, so the group gets no accessible name; see the report of this step.)
const queryGroup = (name: string | RegExp) => screen.queryByText(name, { selector: 'legend' })?.closest('fieldset') ?? null;
const group = (name: string | RegExp) => {
  const found = queryGroup(name);
  if (!found) throw new Error(`No question "${String(name)}"`);
  return found;
};
const sectionHeading = (name: string) => screen.queryByRole('heading', { level: 2, name });
const reasonSelect = () => screen.queryByRole('combobox', { name: 'Reason for Requesting an EIN' });

async function fillBasics(user: ReturnType<typeof userEvent.setup>, entityType: string) {
  await user.type(companyName(), 'Acme Widgets');
  await user.selectOptions(stateSelect(), 'TX');
  await user.selectOptions(entityTypeSelect(), entityType);
}

describe('CompanyStep', () => {
  it('shows step 1 of 6 with nothing completed yet, the title, and no Back link', async () => {
    await renderStep();
    expect(screen.getByRole('heading', { level: 1, name: 'Company Information' })).toBeTruthy();
    expect(screen.getByText('Step 1 of 6')).toBeTruthy();
    // Nothing is filled in yet: the step is the current one, not a completed one.
    expect(screen.getByText('0 of 6 completed')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getAllByText('Company Information').find((element) => element.closest('[aria-current="step"]'))?.closest('[aria-current="step"]')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Start Your EIN Application' })).toBeTruthy();
    expect(screen.getByText("What You'll Need")).toBeTruthy();
    expect(screen.queryByRole('link', { name: /back/i })).toBeNull();
    expect(screen.getByRole('link', { name: 'EIN Filing Service' }).getAttribute('href')).toBe('/');
    expect(sectionHeading('Basic Company Details')).toBeTruthy();
    expect(document.title).toBe('Get Started | EIN Filing Service');
  });

  it('marks the required questions with an asterisk and a help button', async () => {
    await renderStep();
    for (const label of ['Legal Company Name', 'State of Formation', 'Entity Type']) {
      expect(screen.getByRole('button', { name: `Help: ${label}` })).toBeTruthy();
      const field = screen.getByRole(label === 'Legal Company Name' ? 'textbox' : 'combobox', { name: label });
      expect(field.getAttribute('aria-required')).toBe('true');
    }
  });

  it('offers the 50 states and the District of Columbia by code, and the seven entity types', async () => {
    await renderStep();
    const states = within(stateSelect()).getAllByRole('option').slice(1);
    expect(states).toHaveLength(51);
    expect(within(stateSelect()).getByRole('option', { name: 'District of Columbia' }).getAttribute('value')).toBe('DC');
    // The territories are countries of their own (decision 046).
    expect(states.map((option) => (option as HTMLOptionElement).value)).not.toContain('PR');
    expect(within(stateSelect()).getByRole('option', { name: 'Texas' }).getAttribute('value')).toBe('TX');
    expect(within(entityTypeSelect()).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select an entity type...',
      'Sole Proprietor',
      'Partnerships',
      'Corporations',
      'Limited Liability Company (LLC)',
      'Estate',
      'Trusts',
      'Others',
    ]);
  });

  it('validates on every change', async () => {
    const user = await renderStep();
    await user.type(companyName(), 'A');
    expect(await screen.findByText(companyMessages.companyName)).toBeTruthy();
    await user.type(companyName(), 'c');
    expect(screen.queryByText(companyMessages.companyName)).toBeNull();
    expect(companyName().getAttribute('aria-invalid')).toBe('false');

    await user.click(within(group(/trade name/)).getByRole('radio', { name: 'Yes' }));
    const tradeName = screen.getByRole('textbox', { name: 'Trade Name (DBA)' });
    await user.type(tradeName, 'Acme Inc');
    expect(await screen.findByText(companyMessages.tradeNameEnding)).toBeTruthy();
    await user.clear(tradeName);
    await user.type(tradeName, 'Acme, West');
    expect(await screen.findByText(companyMessages.tradeNameCharacters)).toBeTruthy();
    await user.clear(tradeName);
    await user.type(tradeName, "Joe's Café 2");
    expect(await screen.findByText(companyMessages.tradeNameCharacters)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Use this: Joes Cafe 2' }));
    expect((tradeName as HTMLInputElement).value).toBe('Joes Cafe 2');
    expect(screen.queryByText(companyMessages.tradeNameCharacters)).toBeNull();
    await user.clear(tradeName);
    expect(await screen.findByText(companyMessages.tradeName)).toBeTruthy();
  });

  it('offers the legal name the IRS will receive and puts it in with one tap', async () => {
    const user = await renderStep();
    await user.type(companyName(), 'Café Olé Holdings LLC');
    expect(await screen.findByText(companyMessages.companyNameCharacters)).toBeTruthy();
    expect(await screen.findByText('Cafe Ole Holdings LLC')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Use this: Cafe Ole Holdings LLC' }));
    expect(companyName().value).toBe('Cafe Ole Holdings LLC');
    expect(screen.queryByText(companyMessages.companyNameCharacters)).toBeNull();
    expect(screen.queryByRole('button', { name: /Use this/ })).toBeNull();

    // Digits are a business's: "3M" is fine, and nothing is offered.
    await user.clear(companyName());
    await user.type(companyName(), '3M Holdings');
    expect(screen.queryByRole('button', { name: /Use this/ })).toBeNull();
  });

  it("checks a sole proprietor's own name as a person's and asks for a first and a last name", async () => {
    const user = await renderStep();
    await user.selectOptions(entityTypeSelect(), 'Sole Proprietor');
    const ownerName = () => screen.getByRole('textbox', { name: "Owner's Full Legal Name" }) as HTMLInputElement;
    await user.type(ownerName(), 'Renée O’Connor');
    expect(await screen.findByText(companyMessages.ownerNameCharacters)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Use this: Renee OConnor' }));
    expect(ownerName().value).toBe('Renee OConnor');
    expect(screen.queryByText(companyMessages.ownerNameCharacters)).toBeNull();
    await user.clear(ownerName());
    await user.type(ownerName(), 'Renee');
    expect(await screen.findByText(companyMessages.ownerFullName)).toBeTruthy();
  });

  it('shows every message of an empty form on submit and stays on the page', async () => {
    const user = await renderStep();
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    expect(await screen.findByText(companyMessages.companyName)).toBeTruthy();
    expect(screen.getByText(companyMessages.state)).toBeTruthy();
    expect(screen.getByText(companyMessages.entityType)).toBeTruthy();
    expect(saved()).toBeNull();
    expect(screen.queryByText('Registration page')).toBeNull();
  });

  it('shows the trade name only when the answer is Yes, and does not save a hidden one', async () => {
    const user = await renderStep();
    expect(screen.queryByRole('textbox', { name: 'Trade Name (DBA)' })).toBeNull();
    const tradeQuestion = group(/trade name/);
    expect(tradeQuestion.getAttribute('aria-required')).toBeNull();
    await user.click(within(tradeQuestion).getByRole('radio', { name: 'Yes' }));
    await user.type(screen.getByRole('textbox', { name: 'Trade Name (DBA)' }), 'Acme Shop');
    await user.click(within(tradeQuestion).getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('textbox', { name: 'Trade Name (DBA)' })).toBeNull();

    await fillBasics(user, 'Estate');
    await user.selectOptions(reasonSelect()!, 'Administering the estate');
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    await screen.findByText('Registration page');
    expect(saved()?.company).toEqual({ companyName: 'Acme Widgets', state: 'TX', entityType: 'Estate', hasTradeName: 'false', estateReason: 'Administering the estate' });
  });

  it('takes a trade-name question tabbed past without an answer as unanswered', async () => {
    const user = await renderStep();
    await fillBasics(user, 'Trust');
    act(() => within(group(/trade name/)).getByRole('radio', { name: 'Yes' }).focus());
    await user.tab();
    act(() => within(group('Trust Type')).getByRole('radio', { name: /^Revocable Trust/ }).focus());
    await user.tab();
    expect(screen.queryByText(companyMessages.hasTradeName)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next Step' }));

    await screen.findByText('Registration page');
    expect(saved()?.company).toEqual({ companyName: 'Acme Widgets', state: 'TX', entityType: 'Trust', hasTradeName: '', trustType: '' });
  });

  it.each([
    ['Corporation', 'Corporation Confirmation'],
    ['Sole Proprietor', 'Sole Proprietor Details'],
    ['Partnership', 'Partnership Confirmation'],
    ['LLC', 'Tell us more about the members of the Limited Liability Company (LLC)'],
    ['Trust', 'Identify the type of Trust'],
    ['Estate', 'Estate Details'],
    ['Others', 'Tell us what kind of entity it is'],
  ])('shows the %s section only for that entity type', async (entityType, title) => {
    const user = await renderStep();
    expect(sectionHeading(title)).toBeNull();
    await user.selectOptions(entityTypeSelect(), entityType);
    expect(sectionHeading(title)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).filter((heading) => heading.closest('form'))).toHaveLength(2);
    await user.selectOptions(entityTypeSelect(), entityType === 'Partnership' ? 'LLC' : 'Partnership');
    expect(sectionHeading(title)).toBeNull();
  });

  it("asks an estate why it needs the EIN, from the estate's own reasons", async () => {
    const user = await renderStep();
    await fillBasics(user, 'Estate');
    expect(within(reasonSelect()!).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select a reason...',
      'Administering the estate',
      'Banking purposes',
      'Hired employee(s)',
    ]);
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    expect(await screen.findByText(companyMessages.reasonForEin)).toBeTruthy();
    // Refused: the page stays (what was typed may be kept as its draft, decision 015).
    expect(screen.queryByText('Registration page')).toBeNull();
  });

  it('asks an Others entity its kind, a description only for a nonprofit or something else, and its reason', async () => {
    const user = await renderStep();
    await fillBasics(user, 'Others');
    const description = () => screen.queryByRole('textbox', { name: /Describe it in a few words/ });
    const kinds = group(/What kind of entity is it/);
    expect(within(kinds).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['Nonprofit organization', 'Church', 'Other']);
    expect(description()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    expect(await screen.findByText(companyMessages.otherEntityType)).toBeTruthy();
    expect(screen.getByText(companyMessages.reasonForEin)).toBeTruthy();

    await user.click(within(kinds).getByRole('radio', { name: /^Nonprofit organization/ }));
    expect(description()).toBeTruthy();
    await user.selectOptions(reasonSelect()!, 'Started a new business');
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    expect(await screen.findByText(companyMessages.otherEntityDescription)).toBeTruthy();
    // Refused: the page stays (what was typed may be kept as its draft, decision 015).
    expect(screen.queryByText('Registration page')).toBeNull();

    await user.click(within(kinds).getByRole('radio', { name: /^Church or church-controlled organization/ }));
    expect(description()).toBeNull();
    await user.click(within(kinds).getByRole('radio', { name: /^Something else/ }));
    await user.type(description()!, 'Bankruptcy estate');
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    await screen.findByText('Registration page');
    expect(saved()?.company).toEqual({
      companyName: 'Acme Widgets',
      state: 'TX',
      entityType: 'Others',
      hasTradeName: '',
      otherEntityType: 'Other',
      otherEntityDescription: 'Bankruptcy estate',
      othersReason: 'Started a new business',
    });
  });

  it('asks the banking purpose once banking is the reason, and drops it when the reason changes', async () => {
    const user = await renderStep();
    await fillBasics(user, 'LLC');
    await user.type(screen.getByRole('spinbutton', { name: 'Number of Members' }), '1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State of Physical Location' }), 'TX');
    const purpose = () => screen.queryByRole('textbox', { name: /What is the bank account for/ });
    expect(purpose()).toBeNull();
    await user.selectOptions(reasonSelect()!, 'Banking purposes');
    expect(purpose()?.getAttribute('maxlength')).toBe('60');
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    expect(await screen.findByText(companyMessages.bankingPurpose)).toBeTruthy();
    // Refused: the page stays (what was typed may be kept as its draft, decision 015).
    expect(screen.queryByText('Registration page')).toBeNull();

    await user.type(purpose()!, 'Club dues account');
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    await screen.findByText('Registration page');
    expect(saved()?.company).toMatchObject({ llcRicReason: 'Banking purposes', bankingPurpose: 'Club dues account' });
  });

  it('does not keep a banking purpose for a reason that is no longer banking', async () => {
    const user = await renderStep();
    await fillBasics(user, 'Estate');
    await user.selectOptions(reasonSelect()!, 'Banking purposes');
    await user.type(screen.getByRole('textbox', { name: /What is the bank account for/ }), 'Estate account');
    await user.selectOptions(reasonSelect()!, 'Hired employee(s)');
    expect(screen.queryByRole('textbox', { name: /What is the bank account for/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    await screen.findByText('Registration page');
    expect(saved()?.company).not.toHaveProperty('bankingPurpose');
    expect(saved()?.company).toMatchObject({ estateReason: 'Hired employee(s)' });
  });

  it('asks a corporation its reason once a type is chosen, except a settlement fund', async () => {
    const user = await renderStep();
    await user.selectOptions(entityTypeSelect(), 'Corporation');
    const types = group('Corporation Type');
    expect(within(types).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'Corporation',
      'S Corporation',
      'Personal Service Corporation',
      'REIT',
      'RIC',
      'Settlement Fund',
    ]);
    expect(reasonSelect()).toBeNull();
    await user.click(within(types).getByRole('radio', { name: /Real Estate Investment Trust \(REIT\)/ }));
    expect(reasonSelect()).toBeTruthy();
    await user.click(within(types).getByRole('radio', { name: /Settlement Fund \(under IRC Sec 4688\)/ }));
    expect(reasonSelect()).toBeNull();
  });

  it('asks a sole proprietor its reason once a type is chosen, except a household employer', async () => {
    const user = await renderStep();
    await user.selectOptions(entityTypeSelect(), 'Sole Proprietor');
    expect(reasonSelect()).toBeNull();
    const types = group('Which describes you best?');
    await user.click(within(types).getByRole('radio', { name: /^Sole Proprietor/ }));
    expect(reasonSelect()).toBeTruthy();
    await user.click(within(types).getByRole('radio', { name: /^Household Employer/ }));
    expect(reasonSelect()).toBeNull();
  });

  it('asks a partnership its reason once a type is chosen', async () => {
    const user = await renderStep();
    await user.selectOptions(entityTypeSelect(), 'Partnership');
    expect(reasonSelect()).toBeNull();
    await user.click(within(group('Partnership Type')).getByRole('radio', { name: /^Joint Venture/ }));
    expect(within(reasonSelect()!).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select a reason...',
      'Started a new business',
      'Hired employee(s)',
      'Banking purposes',
      'Changed type of organization',
      'Purchased active business',
    ]);
  });

  it('asks about spouses only for exactly 2 members in a community property state, then the classification only for Yes', async () => {
    const user = await renderStep();
    await user.selectOptions(entityTypeSelect(), 'LLC');
    const count = screen.getByRole('spinbutton', { name: 'Number of Members' });
    expect(count.getAttribute('type')).toBe('number');
    expect(count.getAttribute('inputmode')).toBe('numeric');
    expect(count.getAttribute('min')).toBe('1');
    expect(reasonSelect()).toBeTruthy();
    const spouses = () => queryGroup('Are the two members husband and wife?');
    const classification = () => queryGroup('How do you want the LLC to be classified?');

    await user.type(count, '2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State of Physical Location' }), 'NY');
    expect(spouses()).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'State of Physical Location' }), 'TX');
    expect(spouses()).toBeTruthy();
    await user.clear(count);
    await user.type(count, '3');
    expect(spouses()).toBeNull();
    await user.clear(count);
    await user.type(count, '2');

    expect(classification()).toBeNull();
    await user.click(within(spouses()!).getByRole('radio', { name: 'Yes' }));
    expect(classification()).toBeTruthy();
    await user.click(within(spouses()!).getByRole('radio', { name: 'No' }));
    expect(classification()).toBeNull();
  });

  it('says before the first question that founders abroad need no SSN, and that their form goes by fax', async () => {
    await renderStep();
    const before = screen.getByRole('region', { name: 'Our fee, and who we are' });
    expect(within(before).getByText(/Outside the United States\? No SSN or ITIN is needed: we file your form by fax, and the IRS answers in about 4 business days/)).toBeTruthy();
  });

  it('offers an LLC located outside the United States, and saves it', async () => {
    const user = await renderStep();
    await fillBasics(user, 'LLC');
    await user.type(screen.getByRole('spinbutton', { name: 'Number of Members' }), '1');
    const location = screen.getByRole('combobox', { name: 'State of Physical Location' });
    const options = within(location).getAllByRole('option');
    expect(options.at(-1)?.textContent).toBe('Outside the United States');
    expect(within(location).getByRole('option', { name: 'District of Columbia' })).toBeTruthy();
    await user.selectOptions(location, 'Outside the United States');
    expect(queryGroup('Are the two members husband and wife?')).toBeNull();
    await user.selectOptions(reasonSelect()!, 'Started a new business');
    await user.click(screen.getByRole('button', { name: 'Next Step' }));

    await screen.findByText('Registration page');
    expect(saved()?.company).toMatchObject({ entityType: 'LLC', llcMemberCount: '1', llcLocationState: 'Outside US' });
  });

  it('shows the LLC messages on change', async () => {
    const user = await renderStep();
    await user.selectOptions(entityTypeSelect(), 'LLC');
    const count = screen.getByRole('spinbutton', { name: 'Number of Members' });
    await user.type(count, '0');
    expect(await screen.findByText(companyMessages.llcMemberCount)).toBeTruthy();
    const location = screen.getByRole('combobox', { name: 'State of Physical Location' });
    await user.selectOptions(location, 'WA');
    await user.selectOptions(location, '');
    expect(await screen.findByText(companyMessages.llcLocationState)).toBeTruthy();
    await user.selectOptions(reasonSelect()!, 'Banking purposes');
    await user.selectOptions(reasonSelect()!, '');
    expect(await screen.findByText(companyMessages.llcRicReason)).toBeTruthy();
  });

  it('saves an LLC owned by spouses and goes to step 2, keeping the later pages’ answers', async () => {
    const registration = sampleSection('registration');
    seed({ registration });
    const user = await renderStep();
    await fillBasics(user, 'LLC');
    await user.type(screen.getByRole('spinbutton', { name: 'Number of Members' }), '2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State of Physical Location' }), 'TX');
    await user.click(within(group('Are the two members husband and wife?')).getByRole('radio', { name: 'Yes' }));
    await user.click(within(group('How do you want the LLC to be classified?')).getByRole('radio', { name: /^Single-member LLC/ }));
    await user.selectOptions(reasonSelect()!, 'Started a new business');
    await user.click(screen.getByRole('button', { name: 'Next Step' }));

    expect(await screen.findByText('Registration page')).toBeTruthy();
    expect(saved()).toEqual({
      version: 1,
      registration,
      company: {
        companyName: 'Acme Widgets',
        state: 'TX',
        entityType: 'LLC',
        hasTradeName: '',
        llcMemberCount: '2',
        llcLocationState: 'TX',
        llcIsHusbandWife: 'true',
        llcTaxClassification: 'Single-member LLC',
        llcRicReason: 'Started a new business',
      },
    });
  });

  it('does not save the answers of a section the visitor switched away from', async () => {
    const user = await renderStep();
    await fillBasics(user, 'Corporation');
    await user.click(within(group('Corporation Type')).getByRole('radio', { name: /^S Corporation/ }));
    await user.selectOptions(reasonSelect()!, 'Hired employee(s)');
    await user.selectOptions(entityTypeSelect(), 'Partnership');
    await user.click(within(group('Partnership Type')).getByRole('radio', { name: /^Partnership/ }));
    await user.selectOptions(reasonSelect()!, 'Banking purposes');
    await user.type(screen.getByRole('textbox', { name: /What is the bank account for/ }), 'Operating account');
    await user.click(screen.getByRole('button', { name: 'Next Step' }));

    await screen.findByText('Registration page');
    expect(saved()?.company).toEqual({
      companyName: 'Acme Widgets',
      state: 'TX',
      entityType: 'Partnership',
      hasTradeName: '',
      partnershipType: 'Partnership',
      partnershipReason: 'Banking purposes',
      bankingPurpose: 'Operating account',
    });
  });

  it('requires the reason of a corporation before going on', async () => {
    const user = await renderStep();
    await fillBasics(user, 'Corporation');
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    expect(await screen.findByText(companyMessages.corporationType)).toBeTruthy();
    await user.click(within(group('Corporation Type')).getByRole('radio', { name: /^Personal Service Corporation/ }));
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    expect(await screen.findByText(companyMessages.reasonForEin)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next Step' })).toBeTruthy();
  });

  it('restores the saved answers, with their follow-up questions', async () => {
    seed({
      company: {
        companyName: 'Lone Star Goods',
        state: 'CA',
        entityType: 'LLC',
        hasTradeName: 'true',
        tradeName: 'Lone Star',
        llcMemberCount: '2',
        llcLocationState: 'WA',
        llcIsHusbandWife: 'true',
        llcTaxClassification: 'Multi-member LLC',
        llcRicReason: 'Hired employee(s)',
      },
    });
    await renderStep();
    expect((companyName() as HTMLInputElement).value).toBe('Lone Star Goods');
    expect((stateSelect() as HTMLSelectElement).value).toBe('CA');
    expect((entityTypeSelect() as HTMLSelectElement).value).toBe('LLC');
    expect((screen.getByRole('textbox', { name: 'Trade Name (DBA)' }) as HTMLInputElement).value).toBe('Lone Star');
    expect((screen.getByRole('spinbutton', { name: 'Number of Members' }) as HTMLInputElement).value).toBe('2');
    expect((within(group('Are the two members husband and wife?')).getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(true);
    expect(
      (within(group('How do you want the LLC to be classified?')).getByRole('radio', { name: /^Multi-member LLC/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((reasonSelect() as HTMLSelectElement).value).toBe('Hired employee(s)');
  });

  it('pushes opened_form once on the first open, with the page path only (even under StrictMode)', async () => {
    await renderStep({ strict: true });
    expect(window.dataLayer).toEqual([{ event: 'opened_form', page_path: '/ein-application-start' }]);
  });

  it('does not push opened_form when the company answers were already saved', async () => {
    seed({ company: { companyName: 'Acme Widgets', state: 'TX', entityType: 'Estate', hasTradeName: '' } });
    await renderStep();
    expect(window.dataLayer).toEqual([]);
  });
});
