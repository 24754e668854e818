import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { paths } from './paths';
import { usePageViews } from './lib/analytics';

// Every page is its own chunk, so a visitor downloads only what the page in front of them needs.
function page<T, K extends keyof T>(load: () => Promise<T>, name: K & (T[K] extends ComponentType ? K : never)): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));
}

const LandingPage = page(() => import('./features/public/landing-page'), 'LandingPage');
const FaqPage = page(() => import('./features/public/faq-page'), 'FaqPage');
const AboutPage = page(() => import('./features/public/about-page'), 'AboutPage');
const PrivacyPage = page(() => import('./features/public/privacy-page'), 'PrivacyPage');
const TermsPage = page(() => import('./features/public/terms-page'), 'TermsPage');
const NotFoundPage = page(() => import('./features/public/not-found-page'), 'NotFoundPage');
const CompanyStep = page(() => import('./features/wizard/company-step'), 'CompanyStep');
const RegistrationStep = page(() => import('./features/wizard/registration-step'), 'RegistrationStep');
const ContactStep = page(() => import('./features/wizard/contact-step'), 'ContactStep');
const ComplianceStep = page(() => import('./features/wizard/compliance-step'), 'ComplianceStep');
const ActivityStep = page(() => import('./features/wizard/activity-step'), 'ActivityStep');
const ServerStateLayout = page(() => import('./lib/server-state'), 'ServerStateLayout');
const CheckoutStep = page(() => import('./features/checkout/checkout-step'), 'CheckoutStep');
const TestAuthenticationPage = page(() => import('./features/checkout/test-authentication-page'), 'TestAuthenticationPage');
const ConfirmationPage = page(() => import('./features/checkout/confirmation-page'), 'ConfirmationPage');
const TrackingPage = page(() => import('./features/tracking/tracking-page'), 'TrackingPage');
const ManageLoginPage = page(() => import('./features/manage/login-page'), 'ManageLoginPage');
const ManageLayout = page(() => import('./features/manage/manage-layout'), 'ManageLayout');
const OrdersListPage = page(() => import('./features/manage-orders/orders-list-page'), 'OrdersListPage');
const OrderDetailPage = page(() => import('./features/manage-orders/order-detail-page'), 'OrderDetailPage');
const UsersPage = page(() => import('./features/manage-users/users-page'), 'UsersPage');

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

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <PageViews />
      <Routes>
        <Route path={paths.home} element={<LandingPage />} />
        <Route path={paths.faq} element={<FaqPage />} />
        <Route path={paths.about} element={<AboutPage />} />
        <Route path={paths.privacy} element={<PrivacyPage />} />
        <Route path={paths.terms} element={<TermsPage />} />
        <Route path={paths.wizardStart} element={<CompanyStep />} />
        <Route path={paths.step2} element={<RegistrationStep />} />
        <Route path={paths.step3} element={<ContactStep />} />
        <Route path={paths.step4} element={<ComplianceStep />} />
        <Route path={paths.step5} element={<ActivityStep />} />
        <Route element={<ServerStateLayout />}>
          <Route path={paths.step6} element={<CheckoutStep />} />
          <Route path={paths.testAuthentication} element={<TestAuthenticationPage />} />
          <Route path={paths.confirmation} element={<ConfirmationPage />} />
          <Route path={paths.track} element={<TrackingPage />} />
          <Route path={paths.manageLogin} element={<ManageLoginPage />} />
          <Route path={paths.manage} element={<ManageLayout />}>
            <Route index element={<Navigate to={paths.manageOrders} replace />} />
            <Route path={paths.manageOrders} element={<OrdersListPage />} />
            <Route path={`${paths.manageOrders}/:id`} element={<OrderDetailPage />} />
            <Route path={paths.manageUsers} element={<UsersPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
