// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Company, EntityType } from '#shared/application/company.ts';
import { contactMessages, type Contact } from '#shared/application/contact.ts';
import { sampleSection } from '#shared/application/sample-application.ts';
import { applicationStorageKey } from '#client/lib/application-storage.ts';
import { ContactStep } from './contact-step';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const registration = sampleSection('registration');

function openStep(entityType: EntityType = 'LLC', contact?: Contact, company?: Partial<Company>) {
  sessionStorage.setItem(
    applicationStorageKey,
    JSON.stringify({ version: 1, company: sampleSection('company', { entityType, ...company }), registration, ...(contact ? { contact } : {}) }),
  );
  render(
    <MemoryRouter initialEntries={['/ein/step-3']}>
      <Routes>
        <Route path="/ein/step-2" element={<h1>Step 2 page</h1>} />
        <Route path="/ein/step-3" element={<ContactStep />} />
        <Route path="/ein/step-4" element={<h1>Step 4 page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

function savedContact(): Record<string, unknown> | undefined {
  return JSON.parse(sessionStorage.getItem(applicationStorageKey) ?? '{}').contact;
}

const group = (name: string) => screen.getByRole('group', { name });
const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const label = (text: string) => new RegExp(`^${text}\\*?$`);

type User = ReturnType<typeof userEvent.setup>;

async function fillContact(user: User) {
  const contact = group('Primary Contact');
  await user.type(within(contact).getByLabelText(label('First Name')), 'Jane');
  await user.type(within(contact).getByLabelText(label('Middle Name')), 'Ann');
  await user.type(within(contact).getByLabelText(label('Last Name')), 'Doe-Smith');
  await user.type(within(contact).getByLabelText(label('Phone Number')), '5125550147');
  await user.type(within(contact).getByLabelText(label('Email Address')), 'jane@example.com');
}

async function fillResponsibleParty(user: User) {
  const rp = group('Responsible Party');
  await user.type(within(rp).getByLabelText(label('First Name')), 'John');
  await user.type(within(rp).getByLabelText(label('Last Name')), 'Public');
  await user.type(within(rp).getByLabelText(label('Title')), 'Owner');
  await user.type(within(rp).getByLabelText(label('Social Security Number')), '123456789');
  await user.type(within(rp).getByLabelText(label('Phone Number')), '5125550148');
  await user.type(within(rp).getByLabelText(label('Email Address')), 'john@example.com');
}

describe('ContactStep', () => {
  it('shows step 3 with its title, the SSN notice, the responsible party explanation and Back to step 2', async () => {
    openStep();
    expect(await screen.findByRole('heading', { level: 1, name: 'Responsible Party' })).toBeTruthy();
    expect(screen.getByText(/Social Security number or ITIN is encrypted and used only for your IRS EIN application/)).toBeTruthy();
    expect(screen.getByText(/person who ultimately owns or controls the entity/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Primary Contact' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back/ }).getAttribute('href')).toBe('/ein/step-2');
    expect(document.title).toBe('Responsible Party | EIN Filing Service');
  });

  it('gives the contact fields autofill hints and turns autofill off for the SSN', async () => {
    openStep();
    await screen.findByRole('group', { name: 'Primary Contact' });
    expect(field('contactFirstName').autocomplete).toBe('given-name');
    expect(field('contactLastName').autocomplete).toBe('family-name');
    expect(field('phoneNumber').autocomplete).toBe('tel-national');
    expect(field('emailAddress').autocomplete).toBe('email');
    expect(field('rpSSN').getAttribute('autocomplete')).toBe('off');
  });

  it('shows the SSN as ###-##-#### (at most 11 characters) and the phone as (###) ###-####', async () => {
    const user = openStep();
    const ssn = (await within(await screen.findByRole('group', { name: 'Responsible Party' })).findByLabelText(label('Social Security Number'))) as HTMLInputElement;
    await user.type(ssn, '1234567890');
    expect(ssn.value).toBe('123-45-6789');
    await user.clear(ssn);
    await user.paste('123 45 6789 000');
    expect(ssn.value).toBe('123-45-6789');
    await user.type(field('phoneNumber'), '5125550147');
    expect(field('phoneNumber').value).toBe('(512) 555-0147');
  });

  it('copies the contact into the responsible party when the box is checked, and keeps the copies editable', async () => {
    const user = openStep();
    await screen.findByRole('group', { name: 'Primary Contact' });
    await fillContact(user);
    await user.click(screen.getByRole('checkbox', { name: /^The responsible party is the same as the primary contact/ }));

    expect(field('rpFirstName').value).toBe('Jane');
    expect(field('rpMiddleName').value).toBe('Ann');
    expect(field('rpLastName').value).toBe('Doe-Smith');
    expect(field('rpEmail').value).toBe('jane@example.com');
    expect(field('rpPhone').value).toBe('(512) 555-0147');

    await user.clear(field('rpEmail'));
    await user.type(field('rpEmail'), 'owner@example.com');
    expect(field('rpEmail').value).toBe('owner@example.com');
  });

  it('keeps copying contact changes while the box is checked, and stops once it is unchecked', async () => {
    const user = openStep();
    await screen.findByRole('group', { name: 'Primary Contact' });
    const same = screen.getByRole('checkbox', { name: /same as the primary contact/ });
    await user.click(same);
    await user.type(field('contactFirstName'), 'Jo');
    expect(field('rpFirstName').value).toBe('Jo');
    await user.click(same);
    await user.type(field('contactFirstName'), 'e');
    expect(field('rpFirstName').value).toBe('Jo');
  });

  it('validates on touch with the spec messages', async () => {
    const user = openStep();
    const contact = await screen.findByRole('group', { name: 'Primary Contact' });
    await user.type(within(contact).getByLabelText(label('First Name')), 'J0hn');
    await user.tab();
    expect(await within(contact).findByText('The IRS accepts only the letters A-Z, spaces, hyphens (-) and ampersands (&)')).toBeTruthy();
    await user.type(field('phoneNumber'), '512');
    await user.tab();
    expect(await screen.findByText('Valid phone number required')).toBeTruthy();
    await user.type(field('rpSSN'), '1234');
    await user.tab();
    expect(await screen.findByText('Enter 9 digits')).toBeTruthy();
  });

  it('shows every required message on an empty submit and stays on the page', async () => {
    const user = openStep();
    await user.click(await screen.findByRole('button', { name: /Continue/ }));
    const contact = group('Primary Contact');
    const rp = group('Responsible Party');
    expect(await within(contact).findByText('First name is required')).toBeTruthy();
    expect(within(contact).getByText('Last name is required')).toBeTruthy();
    expect(within(contact).getByText('Valid phone number required')).toBeTruthy();
    expect(within(contact).getByText('Valid email address required')).toBeTruthy();
    expect(within(rp).getByText('First name is required')).toBeTruthy();
    expect(within(rp).getByText('Last name is required')).toBeTruthy();
    expect(within(rp).getByText('Title is required')).toBeTruthy();
    expect(within(rp).getByText('Enter 9 digits')).toBeTruthy();
    expect(within(rp).getByText('Enter 10 digits')).toBeTruthy();
    expect(within(rp).getByText('Enter a valid email address')).toBeTruthy();
    expect(savedContact()).toBeUndefined();
  });

  it('does not show the trustee section to other entity types', async () => {
    openStep('Corporation');
    await screen.findByRole('group', { name: 'Responsible Party' });
    expect(screen.queryByRole('heading', { name: 'Trustee Information' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'The trust is filing as an estate' })).toBeNull();
  });

  it('for a trust asks for the trustee, requires the names and saves them with the entity type', async () => {
    const user = openStep('Trust');
    const trustee = await screen.findByRole('group', { name: 'Trustee Information' });
    expect(within(trustee).getByRole('checkbox', { name: 'The trust is filing as an estate' })).toBeTruthy();
    const suffix = within(trustee).getByLabelText(label('Suffix')) as HTMLSelectElement;
    expect(within(suffix).getAllByRole('option').map((option) => option.textContent)).toEqual(['None', 'Jr', 'Sr', 'II', 'III', 'IV']);

    await fillContact(user);
    await fillResponsibleParty(user);
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await within(trustee).findByText('First name is required')).toBeTruthy();
    expect(within(trustee).getByText('Last name is required')).toBeTruthy();

    expect(within(trustee).getByText('Enter 9 digits')).toBeTruthy();

    await user.click(within(trustee).getByRole('checkbox', { name: 'The trust is filing as an estate' }));
    await user.type(within(trustee).getByLabelText(label('First Name')), 'Mary');
    await user.type(within(trustee).getByLabelText(label('Last Name')), 'Major');
    await user.selectOptions(suffix, 'III');
    await user.type(within(trustee).getByLabelText(label("Grantor's Social Security Number")), '222334444');
    await user.click(screen.getByRole('button', { name: /Continue/ }));

    expect(await screen.findByRole('heading', { name: 'Step 4 page' })).toBeTruthy();
    expect(savedContact()).toMatchObject({
      entityType: 'Trust',
      trustFilingAsEstate: true,
      trusteeFirstName: 'Mary',
      trusteeMiddleName: '',
      trusteeLastName: 'Major',
      trusteeSuffix: 'III',
      grantorSSN: '222334444',
    });
    expect(savedContact()).not.toHaveProperty('decedentSSN');
  });

  it('for a trust whose responsible party is its trustee, fills the trustee from the responsible party, still editable', async () => {
    const user = openStep('Trust');
    const trustee = await screen.findByRole('group', { name: 'Trustee Information' });
    const trusteeFirst = within(trustee).getByLabelText<HTMLInputElement>(label('First Name'));
    const trusteeLast = within(trustee).getByLabelText<HTMLInputElement>(label('Last Name'));
    const rp = group('Responsible Party');
    await user.type(within(rp).getByLabelText(label('First Name')), 'Mary');
    await user.type(within(rp).getByLabelText(label('Last Name')), 'Major');
    expect(trusteeFirst.value).toBe('');
    await user.type(within(rp).getByLabelText(label('Title')), 'Trustee');
    expect(trusteeFirst.value).toBe('Mary');
    expect(trusteeLast.value).toBe('Major');
    expect(within(trustee).getByText(/Filled in from the responsible party above/)).toBeTruthy();
    // A correction of the responsible party's name follows; the trustee's own change stays.
    await user.type(within(rp).getByLabelText(label('Last Name')), 's');
    expect(trusteeLast.value).toBe('Majors');
    await user.clear(trusteeFirst);
    await user.type(trusteeFirst, 'Marianne');
    await user.type(within(rp).getByLabelText(label('First Name')), 'h');
    expect(trusteeFirst.value).toBe('Marianne');
  });

  it("for an estate asks the decedent's SSN with the responsible party's mask and rule, and saves its digits", async () => {
    const user = openStep('Estate');
    const decedent = await screen.findByRole('group', { name: 'The Decedent' });
    const ssn = within(decedent).getByLabelText(label("Decedent's Social Security Number")) as HTMLInputElement;
    expect(ssn.getAttribute('autocomplete')).toBe('off');
    expect(screen.queryByRole('group', { name: 'Trustee Information' })).toBeNull();

    await fillContact(user);
    await fillResponsibleParty(user);
    await user.type(ssn, '1112');
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await within(decedent).findByText('Enter 9 digits')).toBeTruthy();
    // Refused: the page stays (what was typed may be kept as its draft, decision 015).
    expect(screen.queryByRole('heading', { name: 'Step 4 page' })).toBeNull();

    await user.type(ssn, '23333999');
    expect(ssn.value).toBe('111-22-3333');
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await screen.findByRole('heading', { name: 'Step 4 page' })).toBeTruthy();
    expect(savedContact()).toMatchObject({ entityType: 'Estate', rpSSN: '123456789', decedentSSN: '111223333' });
    expect(savedContact()).not.toHaveProperty('grantorSSN');
  });

  it('asks neither the decedent nor the grantor SSN of another entity type', async () => {
    openStep('Corporation');
    await screen.findByRole('group', { name: 'Responsible Party' });
    expect(screen.queryByLabelText(label("Decedent's Social Security Number"))).toBeNull();
    expect(screen.queryByLabelText(label("Grantor's Social Security Number"))).toBeNull();
  });

  it('saves the answers (SSN and responsible party phone as digits) and goes to step 4', async () => {
    const user = openStep('LLC');
    await screen.findByRole('group', { name: 'Primary Contact' });
    await fillContact(user);
    await fillResponsibleParty(user);
    await user.click(screen.getByRole('button', { name: /Continue/ }));

    expect(await screen.findByRole('heading', { name: 'Step 4 page' })).toBeTruthy();
    expect(savedContact()).toEqual({
      entityType: 'LLC',
      contactFirstName: 'Jane',
      contactMiddleName: 'Ann',
      contactLastName: 'Doe-Smith',
      phoneNumber: '(512) 555-0147',
      emailAddress: 'jane@example.com',
      sameAsContact: false,
      rpFirstName: 'John',
      rpMiddleName: '',
      rpLastName: 'Public',
      rpTitle: 'Owner',
      rpTaxIdType: 'ssn',
      rpSSN: '123456789',
      rpItin: '',
      rpUsPerson: '',
      rpPhone: '5125550148',
      rpEmail: 'john@example.com',
    });
  });

  it('restores saved answers and takes the entity type from step 1', async () => {
    // Saved as an LLC, the responsible party copied from the contact and then given another e-mail.
    const sample = sampleSection('contact');
    const contact = sampleSection('contact', {
      entityType: 'LLC',
      phoneNumber: '(512) 555-0147',
      sameAsContact: true,
      rpFirstName: sample.contactFirstName,
      rpMiddleName: sample.contactMiddleName,
      rpLastName: sample.contactLastName,
      rpSSN: '123456789',
      rpPhone: '5125550147',
      rpEmail: 'other@example.com',
    });
    openStep('Trust', contact);
    await screen.findByRole('group', { name: 'Trustee Information' });
    expect(field('contactFirstName').value).toBe(contact.contactFirstName);
    expect(field('rpLastName').value).toBe(contact.contactLastName);
    expect(field('phoneNumber').value).toBe('(512) 555-0147');
    expect(field('rpSSN').value).toBe('123-45-6789');
    expect(field('rpPhone').value).toBe('(512) 555-0147');
    // A responsible party e-mail edited after copying stays as saved.
    expect(field('rpEmail').value).toBe('other@example.com');
    expect((screen.getByRole('checkbox', { name: /same as the primary contact/ }) as HTMLInputElement).checked).toBe(true);
    expect(field('entityType').value).toBe('Trust');
  });

  it('offers the name the IRS will receive for accents and apostrophes, and puts it in with one tap', async () => {
    const user = openStep();
    const contact = await screen.findByRole('group', { name: 'Primary Contact' });
    await user.type(within(contact).getByLabelText(label('First Name')), 'José Luis');
    await user.type(within(contact).getByLabelText(label('Last Name')), "Núñez-García O'Brien");
    await user.tab();
    expect(await within(contact).findAllByText('The IRS accepts only the letters A-Z, spaces, hyphens (-) and ampersands (&)')).toHaveLength(2);
    expect(await within(contact).findByText('Jose Luis')).toBeTruthy();
    expect(within(contact).getByText('Nunez-Garcia OBrien')).toBeTruthy();

    await user.click(await within(contact).findByRole('button', { name: 'Use this: Jose Luis' }));
    expect(field('contactFirstName').value).toBe('Jose Luis');
    expect(document.activeElement).toBe(field('contactFirstName'));
    await user.click(await within(contact).findByRole('button', { name: 'Use this: Nunez-Garcia OBrien' }));
    expect(field('contactLastName').value).toBe('Nunez-Garcia OBrien');
    await user.tab();
    expect(within(contact).queryByText(/The IRS accepts only/)).toBeNull();
    expect(within(contact).queryByRole('button', { name: /Use this/ })).toBeNull();
  });

  it('copies a name put in with "Use this" to the responsible party while "same as" is checked', async () => {
    const user = openStep();
    await user.click(await screen.findByLabelText(/same as the primary contact/));
    const contact = group('Primary Contact');
    await user.type(within(contact).getByLabelText(label('Last Name')), "O'Brien");
    expect(field('rpLastName').value).toBe("O'Brien");
    await user.click(await within(contact).findByRole('button', { name: 'Use this: OBrien' }));
    expect(field('contactLastName').value).toBe('OBrien');
    expect(field('rpLastName').value).toBe('OBrien');
  });

  it("for a sole proprietor shows the owner's name from step 1 as the responsible party's, read-only, and saves it", async () => {
    sessionStorage.setItem(
      applicationStorageKey,
      JSON.stringify({ version: 1, company: sampleSection('company', { entityType: 'Sole Proprietor', companyName: 'Jose Luis Munoz-Garcia' }), registration }),
    );
    render(
      <MemoryRouter initialEntries={['/ein/step-3']}>
        <Routes>
          <Route path="/ein/step-3" element={<ContactStep />} />
          <Route path="/ein/step-4" element={<h1>Step 4 page</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    const rp = await screen.findByRole('group', { name: 'Responsible Party' });
    expect(field('rpFirstName').value).toBe('Jose');
    expect(field('rpMiddleName').value).toBe('Luis');
    expect(field('rpLastName').value).toBe('Munoz-Garcia');
    for (const name of ['rpFirstName', 'rpMiddleName', 'rpLastName']) expect(field(name).readOnly, name).toBe(true);
    expect(within(rp).getByRole('link', { name: 'Change it on step 1' }).getAttribute('href')).toBe('/ein-application-start');

    // "Same as the primary contact" copies the phone and e-mail, never another name over the owner's.
    await fillContact(user);
    await user.click(screen.getByLabelText(/same as the primary contact/));
    expect(field('rpLastName').value).toBe('Munoz-Garcia');
    expect(field('rpEmail').value).toBe('jane@example.com');
    await user.type(within(rp).getByLabelText(label('Title')), 'Owner');
    await user.type(within(rp).getByLabelText(label('Social Security Number')), '123456789');
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await screen.findByRole('heading', { name: 'Step 4 page' })).toBeTruthy();
    expect(savedContact()).toMatchObject({ rpFirstName: 'Jose', rpMiddleName: 'Luis', rpLastName: 'Munoz-Garcia', rpEmail: 'jane@example.com' });
  });

  it('lets every other entity type type the responsible party, whose name is theirs to give', async () => {
    openStep('Partnership');
    await screen.findByRole('group', { name: 'Responsible Party' });
    expect(field('rpFirstName').readOnly).toBe(false);
    expect(field('rpFirstName').value).toBe('');
    expect(screen.queryByRole('link', { name: 'Change it on step 1' })).toBeNull();
  });

  describe("the responsible party's taxpayer number", () => {
    const taxIdGroup = () => screen.getByRole('radiogroup', { name: /Which taxpayer number does the responsible party have/ });
    const choose = (user: User, name: RegExp) => user.click(within(taxIdGroup()).getByRole('radio', { name }));

    async function fillAllButTaxId(user: User) {
      await fillContact(user);
      const rp = group('Responsible Party');
      await user.type(within(rp).getByLabelText(label('First Name')), 'Lena');
      await user.type(within(rp).getByLabelText(label('Last Name')), 'Schmidt');
      await user.type(within(rp).getByLabelText(label('Title')), 'Managing Member');
      await user.type(within(rp).getByLabelText(label('Phone Number')), '5125550148');
      await user.type(within(rp).getByLabelText(label('Email Address')), 'lena@example.com');
    }

    it('offers SSN (the default), ITIN or neither, each with its explanation, and asks only the chosen number', async () => {
      const user = openStep();
      await screen.findByRole('group', { name: 'Responsible Party' });
      expect(within(taxIdGroup()).getByRole<HTMLInputElement>('radio', { name: /^Social Security number/ }).checked).toBe(true);
      expect(within(taxIdGroup()).getByText(/issues to US citizens and residents/)).toBeTruthy();
      expect(within(taxIdGroup()).getByText(/issues to people who cannot get an SSN/)).toBeTruthy();
      expect(within(taxIdGroup()).getByText(/That is fine: the IRS assigns EINs to businesses owned from abroad/)).toBeTruthy();
      expect(screen.getByLabelText(label('Social Security Number'))).toBeTruthy();
      expect(screen.queryByLabelText(label('ITIN'))).toBeNull();

      await choose(user, /^Individual Taxpayer Identification Number/);
      expect(screen.queryByLabelText(label('Social Security Number'))).toBeNull();
      const itin = screen.getByLabelText<HTMLInputElement>(label('ITIN'));
      expect(itin.getAttribute('autocomplete')).toBe('off');
      await user.type(itin, '9127012345');
      expect(itin.value).toBe('912-70-1234');

      await choose(user, /^I have neither/);
      expect(screen.queryByLabelText(label('ITIN'))).toBeNull();
      expect(screen.queryByLabelText(label('Social Security Number'))).toBeNull();
    });

    it('refuses an ITIN outside the ranges the IRS issues, and saves a valid one without an SSN', async () => {
      const user = openStep('LLC', undefined, { llcMemberCount: '2', llcIsHusbandWife: '' });
      await screen.findByRole('group', { name: 'Responsible Party' });
      await fillAllButTaxId(user);
      await choose(user, /^Individual Taxpayer Identification Number/);
      await user.type(screen.getByLabelText(label('ITIN')), '912341234');
      await user.click(screen.getByRole('button', { name: /Continue/ }));
      expect(await screen.findByText(contactMessages.rpItin)).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Step 4 page' })).toBeNull();

      await user.clear(screen.getByLabelText(label('ITIN')));
      await user.type(screen.getByLabelText(label('ITIN')), '912701234');
      await user.click(screen.getByRole('button', { name: /Continue/ }));
      expect(await screen.findByRole('heading', { name: 'Step 4 page' })).toBeTruthy();
      expect(savedContact()).toMatchObject({ rpTaxIdType: 'itin', rpItin: '912701234', rpSSN: '', rpUsPerson: '' });
    });

    it('clears an SSN typed before another kind of number is chosen', async () => {
      const user = openStep('Corporation');
      await screen.findByRole('group', { name: 'Responsible Party' });
      await user.type(screen.getByLabelText(label('Social Security Number')), '123456789');
      await choose(user, /^I have neither/);
      await waitFor(() => expect(savedContact()).toMatchObject({ rpTaxIdType: 'none', rpSSN: '', rpItin: '' }));
      await choose(user, /^Social Security number/);
      expect(screen.getByLabelText<HTMLInputElement>(label('Social Security Number')).value).toBe('');
    });

    it('asks an ITIN holder who owns a single-member LLC whether they are a US person, and requires the answer', async () => {
      const user = openStep('LLC', undefined, { llcMemberCount: '1' });
      await screen.findByRole('group', { name: 'Responsible Party' });
      await fillAllButTaxId(user);
      const question = () => screen.queryByRole('radiogroup', { name: /Is the responsible party a US citizen or a US resident/ });
      expect(question()).toBeNull();
      await choose(user, /^Individual Taxpayer Identification Number/);
      expect(question()).toBeTruthy();
      await user.type(screen.getByLabelText(label('ITIN')), '912701234');
      await user.click(screen.getByRole('button', { name: /Continue/ }));
      expect(await within(question()!).findByText(contactMessages.rpUsPerson)).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Step 4 page' })).toBeNull();

      await user.click(within(question()!).getByRole('radio', { name: 'No' }));
      await user.click(screen.getByRole('button', { name: /Continue/ }));
      expect(await screen.findByRole('heading', { name: 'Step 4 page' })).toBeTruthy();
      expect(savedContact()).toMatchObject({ rpTaxIdType: 'itin', rpItin: '912701234', rpUsPerson: 'false' });
    });

    it('does not ask the US-person question of a holder of neither number, nor of a two-member LLC', async () => {
      const user = openStep('LLC', undefined, { llcMemberCount: '1' });
      await screen.findByRole('group', { name: 'Responsible Party' });
      await choose(user, /^I have neither/);
      expect(screen.queryByRole('radiogroup', { name: /US citizen or a US resident/ })).toBeNull();
      cleanup();
      sessionStorage.clear();
      const again = openStep('LLC', undefined, { llcMemberCount: '3' });
      await screen.findByRole('group', { name: 'Responsible Party' });
      await choose(again, /^Individual Taxpayer Identification Number/);
      expect(screen.queryByRole('radiogroup', { name: /US citizen or a US resident/ })).toBeNull();
    });

    it('saves a responsible party with neither number', async () => {
      const user = openStep('LLC', undefined, { llcMemberCount: '1' });
      await screen.findByRole('group', { name: 'Responsible Party' });
      await fillAllButTaxId(user);
      await choose(user, /^I have neither/);
      await user.click(screen.getByRole('button', { name: /Continue/ }));
      expect(await screen.findByRole('heading', { name: 'Step 4 page' })).toBeTruthy();
      expect(savedContact()).toMatchObject({ rpTaxIdType: 'none', rpSSN: '', rpItin: '', rpUsPerson: '' });
    });

    it('tells a sole proprietor who has neither, before Continue, that they need an SSN or ITIN, and refuses it', async () => {
      const user = openStep('Sole Proprietor');
      await screen.findByRole('group', { name: 'Responsible Party' });
      expect(screen.queryByText(contactMessages.rpTaxIdSoleProprietor)).toBeNull();
      await choose(user, /^I have neither/);
      expect(screen.getByRole('note').textContent).toBe(contactMessages.rpTaxIdSoleProprietor);
      await fillAllButTaxId(user);
      await user.click(screen.getByRole('button', { name: /Continue/ }));
      expect(await within(taxIdGroup()).findByText(contactMessages.rpTaxIdSoleProprietor)).toBeTruthy();
      // Said once: the note gives way to the error.
      expect(screen.getAllByText(contactMessages.rpTaxIdSoleProprietor)).toHaveLength(1);
      expect(screen.queryByRole('heading', { name: 'Step 4 page' })).toBeNull();
    });

    it('restores an answer saved before the question as an SSN', async () => {
      const { rpTaxIdType: _type, rpItin: _itin, rpUsPerson: _usPerson, ...beforeTheQuestion } = sampleSection('contact', { rpSSN: '123456789' });
      openStep('LLC', beforeTheQuestion as Contact);
      await screen.findByRole('group', { name: 'Responsible Party' });
      expect(within(taxIdGroup()).getByRole<HTMLInputElement>('radio', { name: /^Social Security number/ }).checked).toBe(true);
      expect(field('rpSSN').value).toBe('123-45-6789');
    });
  });

  describe('phone numbers abroad', () => {
    const country = (person: string) => within(group(person)).getByRole('combobox', { name: 'Phone Number: country' });

    it('keeps the US mask by default, and takes a number abroad typed with its country code, stored in E.164', async () => {
      const user = openStep();
      await screen.findByRole('group', { name: 'Primary Contact' });
      expect((country('Primary Contact') as HTMLSelectElement).value).toBe('us');
      await user.selectOptions(country('Primary Contact'), 'Other');
      const phone = field('phoneNumber');
      expect(phone.getAttribute('autocomplete')).toBe('tel');
      await user.type(phone, '0049 30 1234567');
      await user.tab();
      await waitFor(() => expect(field('phoneNumber').value).toBe('+49 30 1234567'));
      await waitFor(() => expect(savedContact()).toMatchObject({ phoneNumber: '+49301234567' }));
    });

    it('refuses a number abroad that is not valid, with a message about the country code', async () => {
      const user = openStep();
      await screen.findByRole('group', { name: 'Primary Contact' });
      await user.selectOptions(country('Responsible Party'), 'Other');
      await user.type(field('rpPhone'), '+49 12');
      await user.tab();
      expect(await within(group('Responsible Party')).findByText(contactMessages.internationalPhone)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: /Continue/ }));
      expect(within(group('Responsible Party')).getByText(contactMessages.internationalPhone)).toBeTruthy();
      expect(within(group('Responsible Party')).queryByText(contactMessages.rpPhone)).toBeNull();
    });

    it("copies the contact's number abroad to the responsible party, whose field turns to Other", async () => {
      const user = openStep();
      await screen.findByRole('group', { name: 'Primary Contact' });
      await user.click(screen.getByRole('checkbox', { name: /same as the primary contact/ }));
      await user.selectOptions(country('Primary Contact'), 'Other');
      await user.type(field('phoneNumber'), '+234 803 123 4567');
      await waitFor(() => expect((country('Responsible Party') as HTMLSelectElement).value).toBe('abroad'));
      expect(field('rpPhone').value).toBe('+234 803 123 4567');
      await user.selectOptions(country('Primary Contact'), 'US +1');
      await user.type(field('phoneNumber'), '5125550147');
      await waitFor(() => expect((country('Responsible Party') as HTMLSelectElement).value).toBe('us'));
      expect(field('rpPhone').value).toBe('(512) 555-0147');
    });

    it('saves numbers abroad and restores them in the international format', async () => {
      const user = openStep();
      await screen.findByRole('group', { name: 'Primary Contact' });
      await fillContact(user);
      await fillResponsibleParty(user);
      await user.selectOptions(country('Responsible Party'), 'Other');
      await user.type(field('rpPhone'), '+52 55 1234 5678');
      await user.click(screen.getByRole('button', { name: /Continue/ }));
      expect(await screen.findByRole('heading', { name: 'Step 4 page' })).toBeTruthy();
      expect(savedContact()).toMatchObject({ phoneNumber: '(512) 555-0147', rpPhone: '+525512345678' });

      cleanup();
      openStep('LLC', savedContact() as Contact);
      await screen.findByRole('group', { name: 'Responsible Party' });
      expect((country('Responsible Party') as HTMLSelectElement).value).toBe('abroad');
      expect(field('rpPhone').value).toBe('+52 55 1234 5678');
      expect((country('Primary Contact') as HTMLSelectElement).value).toBe('us');
    });
  });
});
