// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { speak } from '#tests/support/locale.ts';
import { applicationStorageKey } from '#client/lib/application-storage.ts';
import { sampleSection, sampleSectionsBefore } from '#shared/application/sample-application.ts';
import type { ApplicationSection } from '#shared/application/sections.ts';
import { CompanyStep } from './company-step';
import { ContactStep } from './contact-step';
import { ComplianceStep } from './compliance-step';
import { ActivityStep } from './activity-step';

// The wizard under /es/: every heading, label and button in Spanish, and every move between steps
// (Continue, Back, the step list, a step opened too early) stays under /es/. The answers are kept in
// the browser whatever the language.

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

function seedBefore(section: ApplicationSection, extra: Record<string, unknown> = {}) {
  sessionStorage.setItem(applicationStorageKey, JSON.stringify({ version: 1, ...sampleSectionsBefore(section), ...extra }));
}

function WhereAmI() {
  return <p>at {useLocation().pathname}</p>;
}

function openAt(path: string, element: React.ReactNode) {
  speak('es');
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={path} element={element} />
        <Route path="*" element={<WhereAmI />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

/** Answers a yes/no question by its stored value, whatever language its label is in. */
async function choose(user: ReturnType<typeof userEvent.setup>, name: string, value: string) {
  const radio = document.querySelector<HTMLInputElement>(`input[name="${name}"][value="${value}"]`);
  if (!radio) throw new Error(`No answer ${value} to ${name}`);
  await user.click(radio);
}

describe('the wizard in Spanish', () => {
  it('shows step 1 with its heading, sections, progress and button in Spanish', async () => {
    openAt('/es/ein-application-start', <CompanyStep />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Información de la empresa' })).toBeTruthy();
    expect(screen.getByText('Cuéntenos sobre el negocio que necesita un EIN.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Datos básicos de la empresa' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Siguiente paso' })).toBeTruthy();
    expect(screen.getByText('Paso 1 de 6')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Progreso de la solicitud' }).getAttribute('aria-valuetext')).toBe('0 de 6 pasos completados');
    expect(screen.getByRole('link', { name: 'Saltar al formulario' })).toBeTruthy();
    expect(screen.getAllByText('Guardado en esta pestaña').length).toBeGreaterThan(0);
    expect(screen.getByRole('combobox', { name: /Tipo de entidad|Entity Type/ }).querySelector('option')?.textContent).toBe('Seleccione un tipo de entidad...');
    expect(document.title).toBe('Comenzar | EIN Filing Service');
    expect(screen.queryByText('Next Step')).toBeNull();
  });

  it('names the six steps and their times in Spanish, completed steps linking to their Spanish pages', async () => {
    seedBefore('compliance');
    const user = openAt('/es/ein/step-4', <ComplianceStep />);
    const steps = within(await screen.findByRole('navigation', { name: 'Pasos de la solicitud' }));
    await user.click(steps.getByRole('button', { name: 'Mostrar todos los pasos' }));
    for (const name of ['Información de la empresa', 'Datos de registro de la empresa', 'Parte responsable', 'Cumplimiento normativo', 'Actividad comercial', 'Complete su pedido']) {
      expect(steps.getByText(name)).toBeTruthy();
    }
    expect(steps.getAllByText('1 minuto')).toHaveLength(4);
    expect(steps.getAllByText('30 seg')).toHaveLength(2);
    expect(steps.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/es/ein-application-start', '/es/ein/step-2', '/es/ein/step-3']);
    expect(steps.getByRole('button', { name: 'Ocultar todos los pasos' })).toBeTruthy();
  });

  it('shows step 4 in Spanish, and Continue goes on to step 5 under /es/', async () => {
    seedBefore('compliance');
    const user = openAt('/es/ein/step-4', <ComplianceStep />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cumplimiento normativo' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Preguntas normativas' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Información sobre empleo' })).toBeTruthy();
    expect(screen.getAllByRole('radio', { name: 'Sí' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Atrás' }).getAttribute('href')).toBe('/es/ein/step-3');
    expect(screen.getByRole('heading', { level: 2, name: '¿Por qué confiar en nosotros?' })).toBeTruthy();

    for (const name of ['heavyVehicle', 'gambling', 'atf', 'exciseTax', 'willHire']) await choose(user, name, 'false');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('at /es/ein/step-5')).toBeTruthy();
    // The same stored values as in English.
    expect(JSON.parse(sessionStorage.getItem(applicationStorageKey) ?? '{}').compliance).toEqual({
      heavyVehicle: 'false',
      gambling: 'false',
      atf: 'false',
      exciseTax: 'false',
      willHire: 'false',
    });
  });

  it('goes on from step 5 to the checkout under /es/', async () => {
    seedBefore('activity');
    const user = openAt('/es/ein/step-5', <ActivityStep />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Actividad comercial' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Información del sector' })).toBeTruthy();
    await user.click(document.querySelector<HTMLInputElement>('input[name="principalActivity"][value="retail"]')!);
    const followUps = document.querySelectorAll<HTMLInputElement>('input[type="radio"]:not([name="principalActivity"])');
    for (const radio of followUps) if (!document.querySelector(`input[name="${radio.name}"]:checked`)) await user.click(radio);
    for (const text of document.querySelectorAll<HTMLInputElement>('input[type="text"]')) await user.type(text, 'Furniture');
    await user.type(document.querySelector('textarea')!, 'We sell handmade wood furniture online.');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('at /es/ein/step-6')).toBeTruthy();
  });

  it('shows step 3 with its Spanish name labels and sections, linking a sole proprietor back to step 1 in Spanish', async () => {
    seedBefore('contact', { company: sampleSection('company', { entityType: 'Sole Proprietor', companyName: 'Maria Lopez' }) });
    openAt('/es/ein/step-3', <ContactStep />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Parte responsable' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Contacto principal' })).toBeTruthy();
    const contact = within(screen.getByRole('group', { name: 'Contacto principal' }));
    expect(contact.getByRole('textbox', { name: 'Nombre' })).toBeTruthy();
    expect(contact.getByRole('textbox', { name: 'Segundo nombre' })).toBeTruthy();
    expect(contact.getByRole('textbox', { name: 'Apellido' })).toBeTruthy();
    expect(contact.getByRole('button', { name: 'Ayuda: Nombre' })).toBeTruthy();
    expect(screen.getByText(/^Como dueño único, usted es la parte responsable/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cámbielo en el paso 1' }).getAttribute('href')).toBe('/es/ein-application-start');
  });

  it('sends a visitor who opens a later step too early to the first unanswered step, under /es/', async () => {
    openAt('/es/ein/step-3', <ContactStep />);
    expect(await screen.findByText('at /es/ein-application-start')).toBeTruthy();
  });

  it('finds the answers typed in English when the step opens in Spanish', async () => {
    seedBefore('compliance', { compliance: { heavyVehicle: 'true', gambling: 'false', atf: 'false', exciseTax: 'false', willHire: 'false' } });
    openAt('/es/ein/step-4', <ComplianceStep />);
    await screen.findByRole('heading', { level: 1, name: 'Cumplimiento normativo' });
    expect(document.querySelector<HTMLInputElement>('input[name="heavyVehicle"][value="true"]')?.checked).toBe(true);
    expect(document.querySelector<HTMLInputElement>('input[name="willHire"][value="false"]')?.checked).toBe(true);
  });
});
