import { Navigate, Route, Routes } from 'react-router';
import { paths } from './paths';
import { page, type Page } from './lib/lazy-page';
import { panelHomePath } from './lib/staff/login-redirect';
import { useStaffUser } from './lib/staff/staff-session-context';

// The staff panel's pages under `/manage/*`: a chunk of their own, so a customer's page does not carry
// their routes. Each page is still a chunk of its own.
const ManageLayout = page(() => import('./features/staff/manage-layout'), 'ManageLayout');
const DashboardPage = page(() => import('./features/dashboard/dashboard-page'), 'DashboardPage');
const OrdersListPage = page(() => import('./features/fulfilment/orders-list-page'), 'OrdersListPage');
const OrderDetailPage = page(() => import('./features/fulfilment/order-detail-page'), 'OrderDetailPage');
const UsersPage = page(() => import('./features/staff/users/users-page'), 'UsersPage');
const AuditPage = page(() => import('./features/audit/audit-page'), 'AuditPage');
const CustomerDataPage = page(() => import('./features/customer-data/customer-data-page'), 'CustomerDataPage');
const FaxInboxPage = page(() => import('./features/filing/fax-inbox-page'), 'FaxInboxPage');
const ApiReferencePage = page(() => import('./features/api-reference/api-reference-page'), 'ApiReferencePage');
const AccountPage = page(() => import('./features/staff/account/account-page'), 'AccountPage');
const PanelNotFoundPage = page(() => import('./features/staff/panel-not-found-page'), 'PanelNotFoundPage');

/** The panel's pages the server renders for a signed-in member (`signed-in-pages.ts`), by path. */
const signedInPanelPages: Readonly<Record<string, Page>> = { [paths.manageDashboard]: DashboardPage };

/** Loads the panel's layout and the page at `pathname`, when the server renders that page signed in. */
export async function preloadPanelPage(pathname: string): Promise<void> {
  const panelPage = signedInPanelPages[pathname];
  if (panelPage) await Promise.all([ManageLayout.preload(), panelPage.preload()]);
}

/** A path of the panel relative to `/manage/`, where these routes are mounted. */
const inPanel = (path: string) => path.slice(`${paths.manage}/`.length);

/** `/manage` itself opens the member's first page: the dashboard or the orders list. */
function PanelHome() {
  return <Navigate to={panelHomePath(useStaffUser())} replace />;
}

export function StaffPanelRoutes() {
  return (
    <Routes>
      <Route element={<ManageLayout />}>
        <Route index element={<PanelHome />} />
        <Route path={inPanel(paths.manageDashboard)} element={<DashboardPage />} />
        <Route path={inPanel(paths.manageOrders)} element={<OrdersListPage />} />
        <Route path={`${inPanel(paths.manageOrders)}/:id`} element={<OrderDetailPage />} />
        <Route path={inPanel(paths.manageUsers)} element={<UsersPage />} />
        <Route path={inPanel(paths.manageAudit)} element={<AuditPage />} />
        <Route path={inPanel(paths.manageAccount)} element={<AccountPage />} />
        <Route path={inPanel(paths.manageCustomerData)} element={<CustomerDataPage />} />
        <Route path={inPanel(paths.manageFaxInbox)} element={<FaxInboxPage />} />
        <Route path={inPanel(paths.manageApi)} element={<ApiReferencePage />} />
        <Route path="*" element={<PanelNotFoundPage />} />
      </Route>
    </Routes>
  );
}
