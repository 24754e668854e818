// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { sampleSection, sampleSectionsBefore } from '#shared/application/sample-application.ts';
import { applicationStorageKey } from '#client/lib/application-storage.ts';
import { WizardLayout } from './wizard-layout';
import { applicationMinutes, stepState, wizardSteps } from './wizard-steps';
import { useWizardPage } from './use-wizard-page';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('the wizard layout', () => {
  it('puts focus on the step heading when a step opens, and the skip link moves focus to the form', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <WizardLayout step={3} title="Responsible Party">
          <button type="button">First control</button>
        </WizardLayout>
      </MemoryRouter>,
    );
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Responsible Party' }));

    (document.activeElement as HTMLElement).blur();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to form' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(document.getElementById('wizard-main'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Responsible Party' }).closest('main')?.querySelector('button'));
  });

  it('opens "Security & Privacy" with the support e-mail on demand, and gives focus back when closed', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <WizardLayout step={2} title="A step">
          <p>form</p>
        </WizardLayout>
      </MemoryRouter>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    // One button beside the form on wide screens, one below it on phones.
    const [button] = screen.getAllByRole('button', { name: 'Security & Privacy' });
    await user.click(button!);
    const dialog = await screen.findByRole('dialog', { name: 'Security & Privacy' });
    expect(within(dialog).getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:/);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });


  it.each([
    [2, 1],
    [3, 2],
    [4, 3],
    [5, 4],
    [6, 5],
  ] as const)('shows step %i of 6 with %i completed and the bar filled by that share', (step, completed) => {
    render(
      <MemoryRouter>
        <WizardLayout step={step} title="A step">
          <p>form</p>
        </WizardLayout>
      </MemoryRouter>,
    );
    expect(screen.getByText(`Step ${step} of 6`)).toBeTruthy();
    expect(screen.getByText(`${completed} of 6 completed`)).toBeTruthy();
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe(String(completed));
    // The bar's width is a class (no style attribute, which the policy blocks in server-rendered HTML).
    expect(bar.firstElementChild?.className).toContain(`w-${completed}/6`);
    expect(bar.firstElementChild?.hasAttribute('style')).toBe(false);
    // Completed steps link back; the current and upcoming ones do not.
    const steps = within(screen.getByRole('navigation', { name: 'Application steps' }));
    expect(steps.getAllByRole('link', { hidden: true })).toHaveLength(completed);
    expect(screen.getByText('SSL Secured')).toBeTruthy();
    expect(screen.getByText('Kept in this tab')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Why Trust Us?' })).toBeTruthy();
  });

  it('names the six steps as their pages are headed, with times that add up to the promised 5 minutes', () => {
    render(
      <MemoryRouter>
        <WizardLayout step={2} title="A step">
          <p>form</p>
        </WizardLayout>
      </MemoryRouter>,
    );
    const names = ['Company Information', 'Company Registration Details', 'Responsible Party', 'Regulatory Compliance', 'Business Activity', 'Complete Your Order'];
    for (const name of names) expect(screen.getByText(name)).toBeTruthy();
    expect(screen.getAllByText('1 min')).toHaveLength(4);
    expect(screen.getAllByText('30 sec')).toHaveLength(2);
    expect(wizardSteps.reduce((total, step) => total + step.seconds, 0)).toBe(applicationMinutes * 60);
  });

  it('calls a step completed up to the count, current at the page, upcoming after', () => {
    expect([1, 2, 3, 4].map((number) => stepState(number, 3, 2))).toEqual(['completed', 'completed', 'current', 'upcoming']);
  });
});

function Probe() {
  const page = useWizardPage('contact');
  return <p>{page.status}</p>;
}

function WhereAmI() {
  return <p>at {useLocation().pathname}</p>;
}

function renderContactPage() {
  render(
    <MemoryRouter initialEntries={['/ein/step-3']}>
      <Routes>
        <Route path="/ein/step-3" element={<Probe />} />
        <Route path="*" element={<WhereAmI />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('opening a later step directly', () => {
  it('sends a visitor without saved answers to step 1', async () => {
    renderContactPage();
    expect(await screen.findByText('at /ein-application-start')).toBeTruthy();
  });

  it('sends a visitor who skipped a page to that page', async () => {
    sessionStorage.setItem(applicationStorageKey, JSON.stringify({ version: 1, company: sampleSection('company') }));
    renderContactPage();
    expect(await screen.findByText('at /ein/step-2')).toBeTruthy();
  });

  it('opens the page when every earlier page is answered', () => {
    sessionStorage.setItem(applicationStorageKey, JSON.stringify({ version: 1, ...sampleSectionsBefore('contact') }));
    renderContactPage();
    expect(screen.getByText('ready')).toBeTruthy();
  });
});
