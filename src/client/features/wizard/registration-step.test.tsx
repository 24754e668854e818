// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Company, CorporationType } from '#shared/application/company.ts';
import { sampleSection } from '#shared/application/sample-application.ts';
import { applicationStorageKey } from '#client/lib/application-storage.ts';
import { latestBusinessStartDate, registrationDefaults, registrationMessages } from '#shared/application/registration.ts';
import { RegistrationStep } from './registration-step';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const llc = sampleSection('company', { entityType: 'LLC' });
const corporation = (corporationType: CorporationType) => sampleSection('company', { entityType: 'Corporation', corporationType });

function openStep(company: Company = llc, registration?: Record<string, unknown>) {
  sessionStorage.setItem(applicationStorageKey, JSON.stringify({ version: 1, company, ...(registration ? { registration } : {}) }));
  render(
    <MemoryRouter initialEntries={['/ein/step-2']}>
      <Routes>
        <Route path="/ein-application-start" element={<h1>Step 1 page</h1>} />
        <Route path="/ein/step-2" element={<RegistrationStep />} />
        <Route path="/ein/step-3" element={<h1>Step 3 page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

function savedRegistration(): Record<string, unknown> | undefined {
  return JSON.parse(sessionStorage.getItem(applicationStorageKey) ?? '{}').registration;
}

const input = (name: string) => document.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);

async function fillBusinessAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^(Business|Corporation) Start Date/), '2024-03-15');
  await user.type(screen.getByLabelText(/^Street Address/), '100 Main Street');
  await user.type(screen.getByLabelText(/^City/), 'Austin');
  await user.type(screen.getByLabelText(/^County/), 'Travis');
  await user.selectOptions(screen.getByLabelText(/^State\*?$/), 'Texas');
  await user.type(screen.getByLabelText(/^ZIP Code/), '787011234');
}

describe('RegistrationStep', () => {
  it('shows step 2 with its title, the address security notice and the business sections', async () => {
    openStep();
    expect(await screen.findByRole('heading', { level: 1, name: 'Company Registration Details' })).toBeTruthy();
    expect(screen.getByText(/address details are sent over a 256-bit SSL encrypted connection/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Business Entity Information' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Business Address Information' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back/ }).getAttribute('href')).toBe('/ein-application-start');
    expect(document.title).toBe('Business Details | EIN Filing Service');
  });

  it('offers the closing months January to December, December by default', async () => {
    openStep();
    const month = (await screen.findByLabelText(/^Accounting Year Closing Month/)) as HTMLSelectElement;
    expect(month.value).toBe('12');
    const options = within(month).getAllByRole('option').map((option) => [(option as HTMLOptionElement).value, option.textContent]);
    expect(options[1]).toEqual(['01', 'January']);
    expect(options[12]).toEqual(['12', 'December']);
    expect(options).toHaveLength(13);
  });

  it.each<[string, Company, string[], string[]]>([
    ['an LLC', llc, ['Articles of Organization'], ['Articles of Incorporation', 'REIT Classification']],
    ['a corporation', corporation('Corporation'), ['Articles of Incorporation'], ['Articles of Organization', 'REIT Classification']],
    ['an S corporation', corporation('S Corporation'), ['Articles of Incorporation'], ['Articles of Organization', 'REIT Classification']],
    ['a personal service corporation', corporation('Personal Service Corporation'), ['Articles of Incorporation'], ['REIT Classification']],
    ['a REIT', corporation('REIT'), ['REIT Classification'], ['Articles of Incorporation', 'Articles of Organization']],
    ['a RIC', corporation('RIC'), [], ['Articles of Incorporation', 'REIT Classification', 'Articles of Organization']],
    ['a settlement fund', corporation('Settlement Fund'), [], ['Articles of Incorporation', 'REIT Classification']],
    ['a sole proprietor', sampleSection('company', { entityType: 'Sole Proprietor' }), [], ['Articles of Incorporation', 'Articles of Organization', 'REIT Classification']],
    ['a trust (REIT left over in step 1 answers)', sampleSection('company', { entityType: 'Trust', corporationType: 'REIT' }), [], ['REIT Classification', 'Articles of Incorporation']],
  ])('for %s shows the matching sections', async (_case, company, shown, hidden) => {
    openStep(company);
    await screen.findByRole('heading', { name: 'Business Entity Information' });
    for (const title of shown) expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    for (const title of hidden) expect(screen.queryByRole('heading', { name: title })).toBeNull();
  });

  it('says "Corporation Start Date" for a corporation and "Business Start Date" otherwise', async () => {
    openStep(corporation('S Corporation'));
    expect(await screen.findByLabelText(/^Corporation Start Date/)).toBeTruthy();
    cleanup();
    openStep(llc);
    expect(await screen.findByLabelText(/^Business Start Date/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Corporation Start Date/)).toBeNull();
  });

  it('offers the REIT types and the incorporation and organization states by full name', async () => {
    openStep(corporation('REIT'));
    expect(await screen.findByRole('radio', { name: /Equity REIT/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Mortgage REIT/ })).toBeTruthy();
    cleanup();
    openStep(corporation('Corporation'));
    const incorporation = (await screen.findByLabelText(/^State of Incorporation/)) as HTMLSelectElement;
    expect(within(incorporation).getByRole('option', { name: 'Delaware' }).getAttribute('value')).toBe('Delaware');
    // The placeholder, the 50 states and the District of Columbia.
    expect(within(incorporation).getAllByRole('option')).toHaveLength(52);
    expect(within(incorporation).getByRole('option', { name: 'District of Columbia' })).toBeTruthy();
  });

  it('formats the ZIP code with a hyphen after the fifth digit and stops at nine digits', async () => {
    const user = openStep();
    const zip = (await screen.findByLabelText(/^ZIP Code/)) as HTMLInputElement;
    await user.type(zip, '1234567890');
    expect(zip.value).toBe('12345-6789');
  });

  it('formats the previous owner EIN as XX-XXXXXXX and checks it on leaving the field', async () => {
    const user = openStep();
    const ein = (await screen.findByLabelText(/^Previous Owner's EIN/)) as HTMLInputElement;
    await user.type(ein, '1234');
    expect(ein.value).toBe('12-34');
    await user.tab();
    expect(await screen.findByText('Enter format: XX-XXXXXXX')).toBeTruthy();
    await user.type(ein, '56789');
    expect(ein.value).toBe('12-3456789');
    expect(screen.queryByText('Enter format: XX-XXXXXXX')).toBeNull();
  });

  it('validates a field once it has been touched', async () => {
    const user = openStep();
    const street = await screen.findByLabelText(/^Street Address/);
    await user.click(street);
    expect(screen.queryByText('Street address is required')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Street address is required')).toBeTruthy();
    expect(street.getAttribute('aria-invalid')).toBe('true');
  });

  it('hides the mailing address until the box is unchecked, and clears it when re-checked', async () => {
    const user = openStep(corporation('Corporation'));
    const same = (await screen.findByRole('checkbox', { name: 'Mailing address is the same as the business address' })) as HTMLInputElement;
    expect(same.checked).toBe(true);
    expect(screen.queryByLabelText(/^Mailing Street Address/)).toBeNull();

    await user.click(same);
    expect(screen.getByLabelText(/^Care Of/)).toBeTruthy();
    await user.type(screen.getByLabelText(/^Care Of/), 'Jane Doe');
    await user.type(screen.getByLabelText(/^Mailing Street Address/), 'PO Box 12');
    await user.type(screen.getByLabelText(/^Mailing ZIP Code/), '75201');

    await user.click(same);
    expect(screen.queryByLabelText(/^Mailing Street Address/)).toBeNull();
    await user.click(same);
    expect((screen.getByLabelText(/^Care Of/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/^Mailing Street Address/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/^Mailing ZIP Code/) as HTMLInputElement).value).toBe('');
  });

  it('does not ask an LLC for a care-of name', async () => {
    const user = openStep(llc);
    await user.click(await screen.findByRole('checkbox', { name: /Mailing address is the same/ }));
    expect(screen.getByLabelText(/^Mailing Street Address/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Care Of/)).toBeNull();
  });

  it('offers the care-of name the IRS will receive (line 3) and puts it in with one tap', async () => {
    const user = openStep(corporation('Corporation'));
    await user.click(await screen.findByRole('checkbox', { name: /Mailing address is the same/ }));
    const careOf = screen.getByLabelText(/^Care Of/) as HTMLInputElement;
    await user.type(careOf, 'Müller & Söhne, Inc.');
    await user.tab();
    expect(await screen.findByText(registrationMessages.mailingCareOfCharacters)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Use this: Muller & Sohne Inc' }));
    expect(careOf.value).toBe('Muller & Sohne Inc');
    await user.tab();
    expect(screen.queryByText(registrationMessages.mailingCareOfCharacters)).toBeNull();
  });

  it('requires the mailing address when it differs, with the mailing messages', async () => {
    const user = openStep();
    await fillBusinessAddress(user);
    await user.click(screen.getByRole('checkbox', { name: /Mailing address is the same/ }));
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    for (const message of [
      'Mailing street address is required',
      'Mailing city is required',
      'Mailing county is required',
      'Mailing state is required',
      'Valid mailing ZIP code required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(screen.queryByRole('heading', { name: 'Step 3 page' })).toBeNull();
  });

  it('shows the messages of an empty form on submit and stays on the page', async () => {
    const user = openStep();
    await user.click(await screen.findByRole('button', { name: /Continue/ }));
    for (const message of ['Business start date is required', 'Street address is required', 'City is required', 'County is required', 'Valid ZIP code required']) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(screen.queryByRole('heading', { name: 'Step 3 page' })).toBeNull();
  });

  it("fills the states step 1 already gave, each still a choice to change, and keeps a saved answer", async () => {
    openStep(sampleSection('company', { entityType: 'LLC', state: 'WY', llcLocationState: 'TX' }));
    await screen.findByRole('heading', { name: 'Articles of Organization' });
    expect(screen.getByLabelText<HTMLSelectElement>(/^State of Organization/).value).toBe('Wyoming');
    expect(screen.getByLabelText<HTMLSelectElement>(/^State\*?$/).value).toBe('Texas');
    cleanup();
    sessionStorage.clear();

    openStep(sampleSection('company', { entityType: 'Corporation', corporationType: 'Corporation', state: 'DE' }), { state: 'New York' });
    await screen.findByRole('heading', { name: 'Articles of Incorporation' });
    expect(screen.getByLabelText<HTMLSelectElement>(/^State of Incorporation/).value).toBe('Delaware');
    expect(screen.getByLabelText<HTMLSelectElement>(/^State\*?$/).value).toBe('New York');
  });

  it('submits without the REIT, incorporation or organization state (marked required, not enforced)', async () => {
    const user = openStep(corporation('REIT'));
    await screen.findByRole('heading', { name: 'REIT Classification' });
    await fillBusinessAddress(user);
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await screen.findByRole('heading', { name: 'Step 3 page' })).toBeTruthy();
    expect(savedRegistration()).toMatchObject({ reitType: '' });
  });

  it('saves the answers (business address only) and goes to step 3', async () => {
    const user = openStep(corporation('Corporation'));
    await screen.findByRole('heading', { name: 'Business Entity Information' });
    await user.type(screen.getByLabelText(/^Company Registration Number/), 'C1234567');
    await fillBusinessAddress(user);
    await user.type(screen.getByLabelText(/^Previous Owner's EIN/), '123456789');
    await user.selectOptions(screen.getByLabelText(/^Accounting Year Closing Month/), 'June');
    await user.selectOptions(screen.getByLabelText(/^State of Incorporation/), 'Delaware');
    await user.click(screen.getByRole('button', { name: /Continue/ }));

    expect(await screen.findByRole('heading', { name: 'Step 3 page' })).toBeTruthy();
    expect(savedRegistration()).toEqual({
      companyRegistrationNumber: 'C1234567',
      businessStartDate: '2024-03-15',
      previousOwnerEIN: '12-3456789',
      accountingYearClosingMonth: '06',
      streetAddress: '100 Main Street',
      city: 'Austin',
      county: 'Travis',
      state: 'Texas',
      zipCode: '78701-1234',
      country: 'US',
      province: '',
      postalCode: '',
      sameMailingAddress: true,
      incorporationState: 'Delaware',
      appliedForEinBefore: '',
    });
  });

  it("asks for the business's own previous EIN (SS-4 line 18) when it had one, in the EIN format", async () => {
    const user = openStep(llc);
    await screen.findByRole('heading', { name: 'Business Entity Information' });
    await fillBusinessAddress(user);
    const question = screen.getByRole('radiogroup', { name: /Has this business itself ever had an EIN/ });
    expect(screen.queryByLabelText(/^Its Previous EIN/)).toBeNull();
    await user.click(within(question).getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await screen.findByText(registrationMessages.previousEin, { selector: '[id$="-error"], p' })).toBeTruthy();
    await user.type(screen.getByLabelText(/^Its Previous EIN/), '123456789');
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await screen.findByRole('heading', { name: 'Step 3 page' })).toBeTruthy();
    expect(savedRegistration()).toMatchObject({ appliedForEinBefore: 'true', previousEin: '12-3456789' });
  });

  it('saves a different mailing address', async () => {
    const user = openStep(llc);
    await fillBusinessAddress(user);
    await user.selectOptions(screen.getByLabelText(/^State of Organization/), 'Wyoming');
    await user.click(screen.getByRole('checkbox', { name: /Mailing address is the same/ }));
    await user.type(screen.getByLabelText(/^Mailing Street Address/), 'PO Box 12');
    await user.type(screen.getByLabelText(/^Mailing City/), 'Dallas');
    await user.type(screen.getByLabelText(/^Mailing County/), 'Dallas');
    await user.selectOptions(screen.getByLabelText(/^Mailing State/), 'Texas');
    await user.type(screen.getByLabelText(/^Mailing ZIP Code/), '75201');
    await user.click(screen.getByRole('button', { name: /Continue/ }));

    expect(await screen.findByRole('heading', { name: 'Step 3 page' })).toBeTruthy();
    expect(savedRegistration()).toMatchObject({
      sameMailingAddress: false,
      llcOrganizationState: 'Wyoming',
      mailingStreetAddress: 'PO Box 12',
      mailingCity: 'Dallas',
      mailingCounty: 'Dallas',
      mailingState: 'Texas',
      mailingZipCode: '75201',
    });
    expect(savedRegistration()).not.toHaveProperty('mailingCareOf');
  });

  it('restores saved answers, and a saved mailing address does not come back once re-checked', async () => {
    const user = openStep(corporation('Corporation'), {
      companyRegistrationNumber: 'C1',
      businessStartDate: '2023-11-02',
      previousOwnerEIN: '98-7654321',
      accountingYearClosingMonth: '03',
      streetAddress: '1 Elm St',
      city: 'Reno',
      county: 'Washoe',
      state: 'Nevada',
      zipCode: '89501',
      sameMailingAddress: false,
      mailingCareOf: 'Ann Lee',
      mailingStreetAddress: 'PO Box 7',
      mailingCity: 'Reno',
      mailingCounty: 'Washoe',
      mailingState: 'Nevada',
      mailingZipCode: '89502-0001',
      incorporationState: 'Nevada',
    });
    expect(((await screen.findByLabelText(/^Corporation Start Date/)) as HTMLInputElement).value).toBe('2023-11-02');
    expect(input('previousOwnerEIN')?.value).toBe('98-7654321');
    expect(input('accountingYearClosingMonth')?.value).toBe('03');
    expect(input('state')?.value).toBe('Nevada');
    expect(input('incorporationState')?.value).toBe('Nevada');
    expect(input('mailingCareOf')?.value).toBe('Ann Lee');
    expect(input('mailingZipCode')?.value).toBe('89502-0001');

    const same = screen.getByRole('checkbox', { name: /Mailing address is the same/ });
    await user.click(same);
    await user.click(same);
    expect(input('mailingStreetAddress')?.value).toBe('');
    expect(input('mailingZipCode')?.value).toBe('');
    expect(input('mailingState')?.value).toBe('');
  });

  it('refuses a P.O. box or PMB as the street address, pointing to the mailing address, and stays on the page', async () => {
    const user = openStep();
    await screen.findByRole('heading', { level: 1, name: 'Company Registration Details' });
    await fillBusinessAddress(user);
    for (const street of ['P.O. Box 12', 'Post Office Box 9', 'PMB 204', 'PO Box 3']) {
      await user.clear(screen.getByLabelText(/^Street Address/));
      await user.type(screen.getByLabelText(/^Street Address/), street);
      await user.tab();
      expect(await screen.findByText(registrationMessages.streetAddressPoBox), street).toBeTruthy();
    }
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(screen.queryByRole('heading', { name: 'Step 3 page' })).toBeNull();
    // The box is fine as the mailing address.
    await user.clear(screen.getByLabelText(/^Street Address/));
    await user.type(screen.getByLabelText(/^Street Address/), '100 Main Street');
    await user.click(screen.getByRole('checkbox', { name: /same as the business address/ }));
    await user.type(screen.getByLabelText(/^Mailing Street Address/), 'PMB 204');
    await user.type(screen.getByLabelText(/^Mailing City/), 'Austin');
    await user.type(screen.getByLabelText(/^Mailing County/), 'Travis');
    await user.selectOptions(screen.getByLabelText(/^Mailing State/), 'Texas');
    await user.type(screen.getByLabelText(/^Mailing ZIP Code/), '78701');
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await screen.findByRole('heading', { name: 'Step 3 page' })).toBeTruthy();
    expect(savedRegistration()).toMatchObject({ streetAddress: '100 Main Street', mailingStreetAddress: 'PMB 204' });
  });

  it('refuses a start date more than 90 days ahead or before 1900, and offers only those dates in the picker', async () => {
    const user = openStep();
    const date = (await screen.findByLabelText(/^Business Start Date/)) as HTMLInputElement;
    expect(date.min).toBe('1900-01-01');
    expect(date.max).toBe(latestBusinessStartDate());
    await user.type(date, '2099-01-01');
    await user.tab();
    expect(await screen.findByText(registrationMessages.businessStartDateTooLate)).toBeTruthy();
    await user.clear(date);
    await user.type(date, '1850-06-01');
    await user.tab();
    expect(await screen.findByText(registrationMessages.businessStartDateTooEarly)).toBeTruthy();
    await user.clear(date);
    await user.type(date, latestBusinessStartDate());
    await user.tab();
    expect(screen.queryByText(registrationMessages.businessStartDateTooLate)).toBeNull();
  });

  it('focuses the heading when the step opens, and the first invalid field after a refused Continue', async () => {
    const user = openStep();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Company Registration Details' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await user.type(screen.getByLabelText(/^Business Start Date/), '2024-03-15');
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await screen.findByText(registrationMessages.streetAddress)).toBeTruthy();
    // The message renders first; the focus moves on the form's next tick.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Street Address/)), { timeout: 5000 });
  });

  describe('addresses abroad', () => {
    const country = () => screen.getByRole('combobox', { name: /^Country/ });

    async function chooseCountry(user: ReturnType<typeof userEvent.setup>, select: HTMLElement, name: string) {
      await user.selectOptions(select, 'Another country…');
      // The names load only now; the same list then offers every country.
      await user.selectOptions(select, await within(select).findByRole('option', { name }));
    }

    it('asks the country of the business address, the United States by default, without loading the other names', async () => {
      openStep();
      await screen.findByRole('heading', { name: 'Business Address Information' });
      expect((country() as HTMLSelectElement).value).toBe('US');
      expect(within(country()).getAllByRole('option').map((option) => option.textContent)).toEqual(['United States', 'Another country…']);
      expect(screen.getByLabelText(/^County/)).toBeTruthy();
      expect(screen.queryByLabelText(/^Postal Code/)).toBeNull();
    });

    it('takes a business address in Germany: no county, state or ZIP, an optional region and a postal code, and saves its code', async () => {
      const user = openStep();
      await user.type(await screen.findByLabelText(/^Business Start Date/), '2024-03-15');
      await chooseCountry(user, country(), 'Germany');
      expect((country() as HTMLSelectElement).value).toBe('DE');
      expect(screen.queryByLabelText(/^County/)).toBeNull();
      expect(screen.queryByLabelText(/^State\*?$/)).toBeNull();
      expect(screen.queryByLabelText(/^ZIP Code/)).toBeNull();
      const region = screen.getByLabelText(/^State, Province or Region/);
      expect(region.getAttribute('aria-required')).toBeNull();
      await user.type(screen.getByLabelText(/^Street Address/), 'Friedrichstrasse 123');
      await user.type(screen.getByLabelText(/^City/), 'Berlin');
      await user.click(screen.getByRole('button', { name: /Continue/ }));
      expect(await screen.findByText(registrationMessages.postalCode)).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Step 3 page' })).toBeNull();

      await user.type(screen.getByLabelText(/^Postal Code/), '10117');
      await user.click(screen.getByRole('button', { name: /Continue/ }));
      expect(await screen.findByRole('heading', { name: 'Step 3 page' })).toBeTruthy();
      expect(savedRegistration()).toMatchObject({
        streetAddress: 'Friedrichstrasse 123',
        city: 'Berlin',
        country: 'DE',
        province: '',
        postalCode: '10117',
        county: '',
        state: '',
        zipCode: '',
      });
    });

    it('requires the province where the country needs one, and asks no postal code where it has none', async () => {
      const user = openStep();
      await screen.findByRole('heading', { name: 'Business Address Information' });
      await chooseCountry(user, country(), 'Mexico');
      await user.click(screen.getByRole('button', { name: /Continue/ }));
      expect(await screen.findByText(registrationMessages.province)).toBeTruthy();
      expect(screen.getByLabelText(/^State, Province or Region/).getAttribute('aria-required')).toBe('true');
      await user.selectOptions(country(), 'United Arab Emirates');
      expect(screen.queryByLabelText(/^Postal Code/)).toBeNull();
      expect(screen.getByLabelText(/^State, Province or Region/)).toBeTruthy();
    });

    it('asks county, state and ZIP again when the country goes back to the United States, and saves no province', async () => {
      const user = openStep();
      await fillBusinessAddress(user);
      await chooseCountry(user, country(), 'Canada');
      await user.type(screen.getByLabelText(/^State, Province or Region/), 'Ontario');
      await user.selectOptions(country(), 'United States');
      expect(screen.queryByLabelText(/^State, Province or Region/)).toBeNull();
      await user.type(screen.getByLabelText(/^County/), 'Travis');
      await user.selectOptions(screen.getByLabelText(/^State\*?$/), 'Texas');
      await user.type(screen.getByLabelText(/^ZIP Code/), '78701');
      await user.click(screen.getByRole('button', { name: /Continue/ }));
      expect(await screen.findByRole('heading', { name: 'Step 3 page' })).toBeTruthy();
      expect(savedRegistration()).toMatchObject({ country: 'US', province: '', postalCode: '', county: 'Travis', state: 'Texas', zipCode: '78701' });
    });

    it('takes a mailing address abroad beside a US business address', async () => {
      const user = openStep(corporation('Corporation'));
      await fillBusinessAddress(user);
      await user.click(screen.getByRole('checkbox', { name: /Mailing address is the same/ }));
      const mailingCountry = screen.getByRole('combobox', { name: /^Mailing Country/ });
      await chooseCountry(user, mailingCountry, 'United Kingdom');
      expect(screen.queryByLabelText(/^Mailing County/)).toBeNull();
      await user.type(screen.getByLabelText(/^Mailing Street Address/), '10 Downing Street');
      await user.type(screen.getByLabelText(/^Mailing City/), 'London');
      await user.type(screen.getByLabelText(/^Mailing Postal Code/), 'SW1A 2AA');
      await user.click(screen.getByRole('button', { name: /Continue/ }));
      expect(await screen.findByRole('heading', { name: 'Step 3 page' })).toBeTruthy();
      expect(savedRegistration()).toMatchObject({
        country: 'US',
        state: 'Texas',
        sameMailingAddress: false,
        mailingCountry: 'GB',
        mailingStreetAddress: '10 Downing Street',
        mailingCity: 'London',
        mailingProvince: '',
        mailingPostalCode: 'SW1A 2AA',
        mailingCounty: '',
        mailingState: '',
        mailingZipCode: '',
      });
    });

    it('restores a saved address abroad with its country by name', async () => {
      openStep(llc, { ...sampleSection('registration'), country: 'DE', county: '', state: '', zipCode: '', province: 'Berlin', postalCode: '10117' });
      await waitFor(() => expect(within(country()).getByRole('option', { name: 'Germany', selected: true })).toBeTruthy());
      expect(input('province')?.value).toBe('Berlin');
      expect(input('postalCode')?.value).toBe('10117');
      expect(input('county')).toBeNull();
    });

    it("starts an LLC that step 1 placed outside the United States with its country to choose, and no state from step 1", async () => {
      openStep(sampleSection('company', { entityType: 'LLC', state: 'WY', llcLocationState: 'Outside US' }));
      await screen.findByRole('heading', { name: 'Articles of Organization' });
      expect(screen.getByLabelText<HTMLSelectElement>(/^State of Organization/).value).toBe('Wyoming');
      expect(await within(country()).findByRole('option', { name: 'Select a country…', selected: true })).toBeTruthy();
      expect(screen.queryByLabelText(/^State\*?$/)).toBeNull();
      expect(screen.getByLabelText(/^State, Province or Region/)).toBeTruthy();
    });
  });

  describe('draft saving', () => {
    it('saves what is typed, before Continue, in the same shape as a submitted page, and a remount (reload) restores it', async () => {
      const user = openStep();
      await user.type(await screen.findByLabelText(/^Street Address/), '100 Main Street');
      await user.type(screen.getByLabelText(/^ZIP Code/), '78701');
      await waitFor(() => expect(savedRegistration()).toMatchObject({ streetAddress: '100 Main Street', zipCode: '78701' }));
      // Every field of the page, and only the page's own section beside step 1.
      expect(Object.keys(savedRegistration() ?? {}).sort()).toEqual(
        Object.keys(registrationDefaults).filter((key) => !key.startsWith('mailing') && !['incorporationState', 'reitType', 'previousEin'].includes(key)).sort(),
      );
      expect(Object.keys(JSON.parse(sessionStorage.getItem(applicationStorageKey) ?? '{}')).sort()).toEqual(['company', 'registration', 'version']);

      cleanup();
      openStep(llc, savedRegistration());
      expect(((await screen.findByLabelText(/^Street Address/)) as HTMLInputElement).value).toBe('100 Main Street');
      expect((screen.getByLabelText(/^ZIP Code/) as HTMLInputElement).value).toBe('78701');
    });

    it('saves at once when the page is left with Back, so coming Forward again finds the typed text', async () => {
      const user = openStep();
      await user.type(await screen.findByLabelText(/^County/), 'Travis');
      await user.click(screen.getByRole('link', { name: /Back/ }));
      expect(await screen.findByRole('heading', { name: 'Step 1 page' })).toBeTruthy();
      // No pause: the page saved as it went away.
      expect(savedRegistration()).toMatchObject({ county: 'Travis' });

      cleanup();
      openStep(llc, savedRegistration());
      expect(((await screen.findByLabelText(/^County/)) as HTMLInputElement).value).toBe('Travis');
    });

    it('does not keep a hidden mailing address typed before the box was re-checked', async () => {
      const user = openStep();
      await user.click(await screen.findByRole('checkbox', { name: /Mailing address is the same/ }));
      await user.type(screen.getByLabelText(/^Mailing Street Address/), 'PO Box 12');
      await waitFor(() => expect(savedRegistration()).toMatchObject({ mailingStreetAddress: 'PO Box 12' }));
      await user.click(screen.getByRole('checkbox', { name: /Mailing address is the same/ }));
      await waitFor(() => expect(savedRegistration()?.sameMailingAddress).toBe(true));
      expect(savedRegistration()?.mailingStreetAddress).toBeUndefined();
    });
  });

  it('sends a visitor without saved step-1 answers to step 1', async () => {
    render(
      <MemoryRouter initialEntries={['/ein/step-2']}>
        <Routes>
          <Route path="/ein-application-start" element={<h1>Step 1 page</h1>} />
          <Route path="/ein/step-2" element={<RegistrationStep />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Step 1 page' })).toBeTruthy();
  });
});
