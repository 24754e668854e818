import { useStaffUser } from '#client/lib/staff/staff-session-context.tsx';
import { can, type Permission } from '#shared/staff/permissions.ts';
import type { OrderDetail } from '#shared/fulfilment/orders.ts';

/**
 * Whether the signed-in member may do `permission` to this order (`can` with the order's assignee):
 * what the order page offers them. The server refuses the rest anyway.
 */
export function useOrderPermissions(order: Pick<OrderDetail, 'assignee'>): (permission: Permission) => boolean {
  const user = useStaffUser();
  const resource = { assignedTo: order.assignee?.id ?? null };
  return (permission) => can(user, permission, resource);
}
