import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { applicationSections, type ApplicationSection, type SavedApplication } from '#shared/application/sections.ts';
import { paths } from '#client/paths.ts';
import { readSavedApplication } from '#client/lib/application-storage.ts';
import { useLocale } from '#client/lib/locale.ts';
import { pathInLocale } from '#shared/i18n/locales.ts';
import { wizardSteps } from './wizard-steps';

export type WizardPage = { status: 'loading' } | { status: 'ready'; application: SavedApplication };

/**
 * Where a page must send the visitor instead: the first earlier page still unanswered, if any, as a
 * path of `paths` (the answers are the same in every language; the page's language is added after).
 */
function redirectFor(page: ApplicationSection | 'checkout', application: SavedApplication): string | null {
  const index = page === 'checkout' ? applicationSections.length : applicationSections.indexOf(page);
  const missing = applicationSections.slice(0, index).find((section) => !application[section]);
  if (!missing) return null;
  if (!application.company) return paths.wizardStart;
  return wizardSteps.find((step) => step.section === missing)?.path ?? paths.wizardStart;
}

/**
 * The saved application for a wizard page. A page after step 1 needs the answers of every page
 * before it: without saved answers the visitor goes to step 1, otherwise to the first page still
 * unanswered, in the page's language, and the page shows "Loading..." until then.
 */
export function useWizardPage(page: ApplicationSection | 'checkout'): WizardPage {
  const navigate = useNavigate();
  const locale = useLocale();
  const [application] = useState(() => readSavedApplication() ?? { version: 1 as const });
  const redirect = redirectFor(page, application);

  useEffect(() => {
    // Sent back to step 1 with no answers in this tab at all: step 1 says why (the answers live in the tab where they were typed).
    if (redirect)
      navigate(pathInLocale(redirect, locale), { replace: true, state: redirect === paths.wizardStart && !application.company ? { startedOver: true } : undefined });
  }, [navigate, redirect, locale, application.company]);

  return redirect ? { status: 'loading' } : { status: 'ready', application };
}
