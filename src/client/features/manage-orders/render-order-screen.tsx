import type { ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { renderPage } from '../../testing/render';
import { adminUser } from '../../testing/staff';
import type { StaffUser } from '../../../shared/staff/session';
import { paths } from '../../paths';
import { OrderDetailPage } from './order-detail-page';

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
