// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { applicationStorageKey } from '#client/lib/application-storage.ts';
import type { Compliance } from '#shared/application/compliance.ts';
import { sampleSectionsBefore } from '#shared/application/sample-application.ts';
import { ComplianceStep } from './compliance-step';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const earlierSections = sampleSectionsBefore('compliance');

const savedHiring: Compliance = {
  heavyVehicle: 'false',
  gambling: 'false',
  atf: 'true',
  exciseTax: 'false',
  willHire: 'true',
  employeeTypes: ['household'],
  counts: { household: '2' },
  totalEmployeesExpected: '2',
  firstWageDate: '2027-03-01',
  expectedHireMonthYear: '03/2027',
  taxLiability: '<=1000',
  reportingFrequency: 'annually',
};

function seed(compliance?: Compliance) {
  sessionStorage.setItem(applicationStorageKey, JSON.stringify({ version: 1, ...earlierSections, ...(compliance ? { compliance } : {}) }));
}

function saved() {
  return JSON.parse(sessionStorage.getItem(applicationStorageKey) ?? 'null') as Record<string, unknown>;
}

function renderStep() {
  render(
    <MemoryRouter initialEntries={['/ein/step-4']}>
      <Routes>
        <Route path="/ein/step-4" element={<ComplianceStep />} />
        <Route path="/ein/step-5" element={<h1>Step 5 page</h1>} />
        <Route path="/ein-application-start" element={<h1>Step 1 page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The radio or checkbox group (fieldset) whose legend matches. */
function question(legend: RegExp): HTMLElement {
  const fieldset = screen.getByText(legend, { selector: 'legend' }).closest('fieldset');
  if (!fieldset) throw new Error(`No fieldset around the legend ${legend}`);
  return fieldset;
}

function queryQuestion(legend: RegExp): HTMLElement | null {
  return screen.queryByText(legend, { selector: 'legend' });
}

async function answer(user: ReturnType<typeof userEvent.setup>, legend: RegExp, option: string) {
  await user.click(within(question(legend)).getByRole('radio', { name: option }));
}

async function answerRegulatoryQuestions(user: ReturnType<typeof userEvent.setup>) {
  await answer(user, /55,000 pounds/, 'No');
  await answer(user, /gambling or wagering/, 'No');
  await answer(user, /alcohol, tobacco or firearms/, 'Yes');
  await answer(user, /Form 720/, 'No');
}

describe('ComplianceStep', () => {
  it('shows the step with its title, subtitle and security notice', async () => {
    seed();
    renderStep();
    expect(await screen.findByRole('heading', { level: 1, name: 'Regulatory Compliance' })).toBeTruthy();
    expect(screen.getByText('Answer these regulatory questions required by the IRS')).toBeTruthy();
    expect(screen.getByText(/compliance answers are sent over an encrypted connection/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Regulatory Questions' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Employment Information' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/ein/step-3');
  });

  it('sends a visitor without the earlier answers to step 1', async () => {
    renderStep();
    expect(await screen.findByRole('heading', { name: 'Step 1 page' })).toBeTruthy();
  });

  it('shows the employment details only when the business will hire', async () => {
    seed();
    const user = userEvent.setup();
    renderStep();
    await screen.findByRole('heading', { level: 1, name: 'Regulatory Compliance' });
    expect(queryQuestion(/types of employees/)).toBeNull();

    await answer(user, /hire employees within the next 12 months/, 'Yes');
    expect(question(/types of employees/)).toBeTruthy();
    expect(screen.getByLabelText(/Total Number of Employees Expected/)).toBeTruthy();
    expect(screen.getByLabelText(/First Date Wages Will Be Paid/).getAttribute('type')).toBe('date');
    expect(screen.getByLabelText(/Expected Hiring Date/)).toBeTruthy();
    expect(question(/employment tax liability be more than \$1,000/)).toBeTruthy();

    await answer(user, /hire employees within the next 12 months/, 'No');
    expect(queryQuestion(/types of employees/)).toBeNull();
    expect(screen.queryByLabelText(/Total Number of Employees Expected/)).toBeNull();
  });

  it('asks for a count of each selected employee type', async () => {
    seed();
    const user = userEvent.setup();
    renderStep();
    await screen.findByRole('heading', { level: 1, name: 'Regulatory Compliance' });
    await answer(user, /hire employees/, 'Yes');
    const types = question(/types of employees/);
    expect(screen.queryAllByRole('spinbutton', { name: /Highest Expected Number/ })).toEqual([]);

    await user.click(within(types).getByRole('checkbox', { name: /Agricultural/ }));
    await user.click(within(types).getByRole('checkbox', { name: /Other/ }));
    expect(screen.getByRole('spinbutton', { name: 'Highest Expected Number of Agricultural Employees' }).getAttribute('min')).toBe('1');
    expect(screen.queryByRole('spinbutton', { name: 'Highest Expected Number of Household Employees' })).toBeNull();
    expect(screen.getByRole('spinbutton', { name: 'Highest Expected Number of Other Employees' })).toBeTruthy();

    await user.click(within(types).getByRole('checkbox', { name: /Agricultural/ }));
    expect(screen.queryByRole('spinbutton', { name: 'Highest Expected Number of Agricultural Employees' })).toBeNull();
  });

  it('shows the reporting frequency only when the tax liability is $1,000 or less', async () => {
    seed();
    const user = userEvent.setup();
    renderStep();
    await screen.findByRole('heading', { level: 1, name: 'Regulatory Compliance' });
    await answer(user, /hire employees/, 'Yes');
    expect(queryQuestion(/file employment tax returns/)).toBeNull();

    await answer(user, /employment tax liability/, 'No, $1,000 or less');
    const frequency = question(/file employment tax returns/);
    expect(within(frequency).getByRole('radio', { name: /Quarterly.*Form 941, every 3 months/ })).toBeTruthy();
    expect(within(frequency).getByRole('radio', { name: /Annually.*Form 944, once a year/ })).toBeTruthy();
    expect(screen.getByText('Most small employers qualify for annual filing.')).toBeTruthy();

    await answer(user, /employment tax liability/, 'Yes, more than $1,000');
    expect(queryQuestion(/file employment tax returns/)).toBeNull();
  });

  it('restores saved answers', async () => {
    seed(savedHiring);
    renderStep();
    await screen.findByRole('heading', { level: 1, name: 'Regulatory Compliance' });
    expect((within(question(/alcohol, tobacco or firearms/)).getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(true);
    expect((within(question(/types of employees/)).getByRole('checkbox', { name: /Household/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('spinbutton', { name: 'Highest Expected Number of Household Employees' }) as HTMLInputElement).value).toBe('2');
    expect((screen.getByLabelText(/First Date Wages Will Be Paid/) as HTMLInputElement).value).toBe('2027-03-01');
    expect((screen.getByLabelText(/Expected Hiring Date/) as HTMLInputElement).value).toBe('03/2027');
    expect((within(question(/file employment tax returns/)).getByRole('radio', { name: /Annually/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('clears employee types, counts, hiring month, tax liability and reporting frequency when the answer becomes No', async () => {
    seed(savedHiring);
    const user = userEvent.setup();
    renderStep();
    await screen.findByRole('heading', { level: 1, name: 'Regulatory Compliance' });

    await answer(user, /hire employees/, 'No');
    await answer(user, /hire employees/, 'Yes');

    const types = within(question(/types of employees/)).getAllByRole('checkbox') as HTMLInputElement[];
    expect(types.map((box) => box.checked)).toEqual([false, false, false]);
    expect(screen.queryAllByRole('spinbutton', { name: /Highest Expected Number/ })).toEqual([]);
    expect((screen.getByLabelText(/Expected Hiring Date/) as HTMLInputElement).value).toBe('');
    const liability = within(question(/employment tax liability/)).getAllByRole('radio') as HTMLInputElement[];
    expect(liability.map((radio) => radio.checked)).toEqual([false, false]);
    expect(queryQuestion(/file employment tax returns/)).toBeNull();
  });

  it('formats the hiring month as MM/YYYY while typing', async () => {
    seed();
    const user = userEvent.setup();
    renderStep();
    await screen.findByRole('heading', { level: 1, name: 'Regulatory Compliance' });
    await answer(user, /hire employees/, 'Yes');
    const monthYear = screen.getByLabelText(/Expected Hiring Date/) as HTMLInputElement;
    await user.type(monthYear, '0320271');
    expect(monthYear.value).toBe('03/2027');
  });

  it('shows every message on submitting an empty form and stays on the page', async () => {
    seed();
    const user = userEvent.setup();
    renderStep();
    await screen.findByRole('heading', { level: 1, name: 'Regulatory Compliance' });
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await screen.findAllByText('Please answer this question')).toHaveLength(4);
    expect(screen.getByText('Please select if you will hire employees')).toBeTruthy();

    await answer(user, /hire employees/, 'Yes');
    await answer(user, /employment tax liability/, 'No, $1,000 or less');
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await screen.findByText('Select at least one employee type')).toBeTruthy();
    expect(screen.getByText('Enter total number of employees expected')).toBeTruthy();
    expect(screen.getByText('Enter the first date wages will be paid')).toBeTruthy();
    expect(screen.getByText('Enter expected hiring date in MM/YYYY format')).toBeTruthy();
    expect(screen.getByText('Please select reporting frequency')).toBeTruthy();

    await user.click(within(question(/types of employees/)).getByRole('checkbox', { name: /Household/ }));
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await screen.findByText('Enter number of household employees')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Regulatory Compliance' })).toBeTruthy();
  });

  it("fills the total from the counts and the hiring month from the first wages, until the customer writes their own", async () => {
    seed();
    const user = userEvent.setup();
    renderStep();
    await screen.findByRole('heading', { level: 1, name: 'Regulatory Compliance' });
    await answer(user, /hire employees/, 'Yes');
    await user.click(within(question(/types of employees/)).getByRole('checkbox', { name: /Household/ }));
    await user.click(within(question(/types of employees/)).getByRole('checkbox', { name: /Other/ }));
    const total = screen.getByLabelText<HTMLInputElement>(/Total Number of Employees Expected/);
    await user.type(screen.getByRole('spinbutton', { name: 'Highest Expected Number of Household Employees' }), '2');
    expect(total.value).toBe('');
    await user.type(screen.getByRole('spinbutton', { name: 'Highest Expected Number of Other Employees' }), '12');
    expect(total.value).toBe('14');
    await user.clear(total);
    await user.type(total, '13');
    await user.type(screen.getByRole('spinbutton', { name: 'Highest Expected Number of Other Employees' }), '0');
    expect(total.value).toBe('13');

    await user.type(screen.getByLabelText(/First Date Wages Will Be Paid/), '2027-03-01');
    expect(screen.getByLabelText<HTMLInputElement>(/Expected Hiring Date/).value).toBe('03/2027');
  });

  it('saves the answers and goes to step 5', async () => {
    seed();
    const user = userEvent.setup();
    renderStep();
    await screen.findByRole('heading', { level: 1, name: 'Regulatory Compliance' });
    await answerRegulatoryQuestions(user);
    await answer(user, /hire employees/, 'Yes');
    await user.click(within(question(/types of employees/)).getByRole('checkbox', { name: /Other/ }));
    await user.type(screen.getByRole('spinbutton', { name: 'Highest Expected Number of Other Employees' }), '4');
    // Each fact typed once: the total is the counts' sum, the hiring month the first wages' month.
    expect(screen.getByLabelText<HTMLInputElement>(/Total Number of Employees Expected/).value).toBe('4');
    await user.type(screen.getByLabelText(/First Date Wages Will Be Paid/), '2027-01-15');
    expect(screen.getByLabelText<HTMLInputElement>(/Expected Hiring Date/).value).toBe('01/2027');
    await answer(user, /employment tax liability/, 'Yes, more than $1,000');
    await user.click(screen.getByRole('button', { name: /Continue/ }));

    expect(await screen.findByRole('heading', { name: 'Step 5 page' })).toBeTruthy();
    expect(saved()).toEqual({
      version: 1,
      ...earlierSections,
      compliance: {
        heavyVehicle: 'false',
        gambling: 'false',
        atf: 'true',
        exciseTax: 'false',
        willHire: 'true',
        employeeTypes: ['other'],
        counts: { other: '4' },
        totalEmployeesExpected: '4',
        firstWageDate: '2027-01-15',
        expectedHireMonthYear: '01/2027',
        taxLiability: '>1000',
      },
    });
  });

  it('saves only the five answers when the business will not hire', async () => {
    seed(savedHiring);
    const user = userEvent.setup();
    renderStep();
    await screen.findByRole('heading', { level: 1, name: 'Regulatory Compliance' });
    await answer(user, /hire employees/, 'No');
    await user.click(screen.getByRole('button', { name: /Continue/ }));

    expect(await screen.findByRole('heading', { name: 'Step 5 page' })).toBeTruthy();
    expect(saved().compliance).toEqual({ heavyVehicle: 'false', gambling: 'false', atf: 'true', exciseTax: 'false', willHire: 'false' });
  });
});
