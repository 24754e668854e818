import type { StaffUser } from '#shared/staff/session.ts';
import type { AssignableStaff } from '#shared/fulfilment/orders.ts';

// The staff members the panel's tests sign in as.

export const adminUser: StaffUser = {
  id: 'admin-1',
  name: 'Ada Admin',
  email: 'ada@example.com',
  role: 'admin',
  notificationEnabled: true,
  priorityFulfiller: false,
};

export const fulfillerUser: StaffUser = {
  id: 'fulfiller-1',
  name: 'Fran Fulfiller',
  email: 'fran@example.com',
  role: 'fulfiller',
  notificationEnabled: true,
  priorityFulfiller: true,
};

export const supportUser: StaffUser = {
  id: 'support-1',
  name: 'Sol Support',
  email: 'sol@example.com',
  role: 'support',
  notificationEnabled: true,
  priorityFulfiller: false,
};

/** The assignee list as the API gives it: both members, and a suspended one. */
export const staffList: AssignableStaff[] = [
  { id: adminUser.id, name: adminUser.name, email: adminUser.email, role: 'admin', suspended: false },
  { id: fulfillerUser.id, name: fulfillerUser.name, email: fulfillerUser.email, role: 'fulfiller', suspended: false },
  { id: 'fulfiller-2', name: 'Sam Suspended', email: 'sam@example.com', role: 'fulfiller', suspended: true },
];
