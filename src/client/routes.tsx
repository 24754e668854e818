import { Fragment, Suspense } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { paths } from './paths';
import { usePageViews } from './lib/analytics';
import { baseLocale, locales, pathInLocale, unlocalizedPath, type Locale } from '#shared/i18n/locales.ts';
import { buildLocale } from './lib/locale';
import { page, type Page } from './lib/lazy-page';

const LandingPage = page(() => import('./features/site/landing-page'), 'LandingPage');
const FaqPage = page(() => import('./features/site/faq-page'), 'FaqPage');
const AboutPage = page(() => import('./features/site/about-page'), 'AboutPage');
const PrivacyPage = page(() => import('./features/site/privacy-page'), 'PrivacyPage');
const TermsPage = page(() => import('./features/site/terms-page'), 'TermsPage');
const NotFoundPage = page(() => import('./features/site/not-found-page'), 'NotFoundPage');
const WizardStartPage = page(() => import('./features/wizard/wizard-start-page'), 'WizardStartPage');
const RegistrationStep = page(() => import('./features/wizard/registration-step'), 'RegistrationStep');
const ContactStep = page(() => import('./features/wizard/contact-step'), 'ContactStep');
const ComplianceStep = page(() => import('./features/wizard/compliance-step'), 'ComplianceStep');
const ActivityStep = page(() => import('./features/wizard/activity-step'), 'ActivityStep');
const ServerStateLayout = page(() => import('./lib/server-state'), 'ServerStateLayout');
const CheckoutStep = page(() => import('./features/checkout/checkout-step'), 'CheckoutStep');
const TestAuthenticationPage = page(() => import('./features/checkout/test-authentication-page'), 'TestAuthenticationPage');
const ConfirmationPage = page(() => import('./features/checkout/confirmation-page'), 'ConfirmationPage');
const TrackingPage = page(() => import('./features/tracking/tracking-page'), 'TrackingPage');
const SigningPage = page(() => import('./features/signing/signing-page'), 'SigningPage');
const SignedSs4Page = page(() => import('./features/documents/document-page'), 'SignedSs4Page');
const EinLetterPage = page(() => import('./features/documents/document-page'), 'EinLetterPage');
const CancellationPage = page(() => import('./features/refunds/cancellation-page'), 'CancellationPage');
const ManageLoginPage = page(() => import('./features/staff/login-page'), 'ManageLoginPage');
// The staff panel's pages, in a chunk that lists them, loaded only under its address.
const loadStaffPanel = () => import('./panel-routes');
const StaffPanel = page(loadStaffPanel, 'StaffPanelRoutes');

function PageLoading() {
  return (
    <p role="status" className="p-8 text-center text-slate-600">
      Loading...
    </p>
  );
}

/** Inside the Suspense boundary, so a page view is sent once the page (and its title) is on screen. */
function PageViews() {
  usePageViews();
  return null;
}

/** The customer's pages in `locale`, at their paths with its prefix (`/es/faq`; none for English). */
function customerRoutes(locale: Locale) {
  const at = (path: string) => pathInLocale(path, locale);
  return (
    <Fragment key={locale}>
      <Route path={at(paths.home)} element={<LandingPage />} />
      <Route path={at(paths.faq)} element={<FaqPage />} />
      <Route path={at(paths.about)} element={<AboutPage />} />
      <Route path={at(paths.privacy)} element={<PrivacyPage />} />
      <Route path={at(paths.terms)} element={<TermsPage />} />
      <Route path={at(paths.wizardStart)} element={<WizardStartPage />} />
      <Route path={at(paths.sign)} element={<SigningPage />} />
      <Route path={at(paths.signedSs4)} element={<SignedSs4Page />} />
      <Route path={at(paths.einLetter)} element={<EinLetterPage />} />
      <Route path={at(paths.step2)} element={<RegistrationStep />} />
      <Route path={at(paths.step3)} element={<ContactStep />} />
      <Route path={at(paths.step4)} element={<ComplianceStep />} />
      <Route path={at(paths.step5)} element={<ActivityStep />} />
    </Fragment>
  );
}

/** The customer's pages that read the server's state (checkout, tracking, cancellation), in `locale`. */
function customerServerStateRoutes(locale: Locale) {
  const at = (path: string) => pathInLocale(path, locale);
  return (
    <Fragment key={locale}>
      <Route path={at(paths.step6)} element={<CheckoutStep />} />
      <Route path={at(paths.testAuthentication)} element={<TestAuthenticationPage />} />
      <Route path={at(paths.confirmation)} element={<ConfirmationPage />} />
      <Route path={at(paths.track)} element={<TrackingPage />} />
      <Route path={at(paths.cancelOrder)} element={<CancellationPage />} />
    </Fragment>
  );
}

// A language's build of the browser's code shows only that language's pages (the switch loads the
// other language's build), and the staff panel, in English, only in English's.
const customerLocales = buildLocale ? [buildLocale] : locales;
const withStaffPanel = buildLocale === undefined || buildLocale === baseLocale;

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <PageViews />
      <Routes>
        {customerLocales.map((locale) => customerRoutes(locale))}
        <Route element={<ServerStateLayout />}>
          {customerLocales.map((locale) => customerServerStateRoutes(locale))}
          {withStaffPanel ? <Route path={paths.manageLogin} element={<ManageLoginPage />} /> : null}
          {withStaffPanel ? <Route path={`${paths.manage}/*`} element={<StaffPanel />} /> : null}
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

/**
 * The pages rendered on the server, which search engines may index, by path. Every other page of
 * the app is rendered in the browser only and kept out of search.
 */
export const publicPages: Readonly<Record<string, Page>> = {
  [paths.home]: LandingPage,
  [paths.faq]: FaqPage,
  [paths.about]: AboutPage,
  [paths.privacy]: PrivacyPage,
  [paths.terms]: TermsPage,
  [paths.wizardStart]: WizardStartPage,
  [paths.track]: TrackingPage,
};

/**
 * Pages rendered on the server but kept out of search: the staff sign-in, whose form needs no data,
 * so it shows before the scripts arrive.
 */
export const unlistedPages: Readonly<Record<string, Page>> = withStaffPanel ? { [paths.manageLogin]: ManageLoginPage } : {};

/** Client-rendered addresses: the later wizard steps, the checkout, the confirmation and the staff panel. */
const privatePatterns = [
  paths.step2,
  paths.step3,
  paths.step4,
  paths.step5,
  paths.step6,
  paths.confirmation,
  paths.testAuthentication,
  paths.manage,
  `${paths.manage}/*`,
  '/ein/*',
  '/sign/*',
  '/signed-ss4/*',
  '/ein-letter/*',
  '/cancel-order/*',
];

export type RouteKind = 'public' | 'unlisted' | 'private' | 'not-found';

/** The page of `pages` at `pathname`, matched as the router does (any case, a trailing slash allowed). */
function pageAt(pages: Readonly<Record<string, Page>>, pathname: string): Page | undefined {
  return Object.entries(pages).find(([pagePath]) => matchPath(pagePath, pathname))?.[1];
}

/** What the page at `pathname` is, in any language: a customer page's kind is its English twin's. */
export function routeKind(localizedPathname: string): RouteKind {
  const pathname = unlocalizedPath(localizedPathname);
  // The staff panel is English only: it has no page under another language's prefix.
  if (pathname !== localizedPathname && matchPath(`${paths.manage}/*`, pathname)) return 'not-found';
  if (pageAt(publicPages, pathname)) return 'public';
  if (pageAt(unlistedPages, pathname)) return 'unlisted';
  if (privatePatterns.some((pattern) => matchPath(pattern, pathname))) return 'private';
  return 'not-found';
}

/** The pages under the server-state layout, which is loaded with them. */
const serverStatePages: readonly Page[] = withStaffPanel ? [TrackingPage, ManageLoginPage] : [TrackingPage];

/**
 * Loads the chunks the page at `pathname` renders with (its layout too), so it renders without
 * suspending: before the server renders it, and before the browser hydrates it.
 */
export async function preloadPage(localizedPathname: string): Promise<void> {
  const pathname = unlocalizedPath(localizedPathname);
  const kind = routeKind(pathname);
  if (kind === 'not-found') return NotFoundPage.preload();
  if (withStaffPanel && pathname === localizedPathname && kind === 'private' && matchPath(`${paths.manage}/*`, pathname)) {
    // A panel page the server rendered signed in (none other is rendered): its layouts and the page.
    await Promise.all([ServerStateLayout.preload(), StaffPanel.preload(), loadStaffPanel().then((panel) => panel.preloadPanelPage(pathname))]);
    return;
  }
  const renderedPage = pageAt(publicPages, pathname) ?? pageAt(unlistedPages, pathname);
  if (!renderedPage) return;
  await Promise.all([renderedPage.preload(), ...(serverStatePages.includes(renderedPage) ? [ServerStateLayout.preload()] : [])]);
}
