import type { ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { renderPage } from './render';
import { adminUser } from './staff';
import type { StaffUser } from '#shared/staff/session.ts';
import { paths } from '#client/paths.ts';
import { OrderDetailPage } from '#client/features/fulfilment/order-detail-page.tsx';

/** Renders the order route (or any element) as the /manage layout would: signed in, with server state and toasts. */
export function renderOrderScreen(options: { staff?: StaffUser; url?: string; element?: ReactNode; state?: unknown } = {}) {
  const { staff = adminUser, url = `${paths.manageOrders}/42`, element, state } = options;
  return renderPage(element ?? <ScreenRoutes />, { url, state, staff });
}

function ScreenRoutes() {
  return (
    <Routes>
      <Route path={`${paths.manageOrders}/:id`} element={<OrderDetailPage />} />
      <Route path={paths.manageOrders} element={<OrdersListStandIn />} />
      <Route path={paths.manageLogin} element={<LoginStandIn />} />
    </Routes>
  );
}

function LoginStandIn() {
  const location = useLocation();
  return <p>Login page {location.search}</p>;
}

function OrdersListStandIn() {
  const location = useLocation();
  return <p>Orders list {location.search}</p>;
}
