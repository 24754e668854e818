import { describe, expect, it } from 'vitest';
import { can, canSeeOrder, permissionRefusal, permissions, permissionsOf } from './permissions';
import { staffMessages } from './staff-messages';
import { staffRoles } from './roles';

describe('the permission map', () => {
  it('lists every permission of every role', () => {
    const granted = Object.fromEntries(staffRoles.map((role) => [role, permissions.filter((permission) => can({ id: 'u1', role }, permission))]));
    expect(granted).toEqual({
      support: ['orders:read-all', 'orders:read', 'orders:comment', 'orders:resend-links', 'dashboard:read'],
      fulfiller: [
        'orders:read',
        'orders:comment',
        'orders:update',
        'orders:change-status',
        'orders:record-ein',
        'orders:resend-links',
        'signatures:void',
        'ss4:download',
        'tax-id:reveal',
        'filings:create',
        'fax-inbox:read',
        'fax-inbox:match',
        'dashboard:read',
      ],
      admin: [...permissions],
    });
  });

  it('keeps support away from taxpayer numbers, documents, statuses, filings, money, users and the audit trail', () => {
    const support = { id: 's1', role: 'support' };
    for (const permission of ['tax-id:reveal', 'ss4:download', 'orders:change-status', 'orders:record-ein', 'orders:update', 'orders:assign', 'filings:create', 'fax-inbox:read', 'fax-inbox:match', 'refunds:create', 'users:manage', 'audit:read', 'customers:data-requests', 'dashboard:money', 'alerts:read'] as const) {
      expect(can(support, permission), permission).toBe(false);
    }
    // Every order, to read, comment on, and send its customer a new link.
    expect(canSeeOrder(support, { assignedTo: 'someone-else' })).toBe(true);
    expect(can(support, 'orders:comment', { assignedTo: null })).toBe(true);
    expect(can(support, 'orders:resend-links', { assignedTo: 'someone-else' })).toBe(true);
  });

  it('tells a member without a permission only admins have that only admins can, and any other that their role does not allow it', () => {
    expect(permissionRefusal('users:manage')).toBe(staffMessages.adminsOnly);
    expect(permissionRefusal('tax-id:reveal')).toBe(staffMessages.roleNotPermitted);
  });

  it('gives an unknown, missing or inherited-property role nothing', () => {
    for (const role of ['superuser', '', null, 'constructor', '__proto__', 'toString']) {
      expect(permissionsOf(role)).toEqual([]);
      for (const permission of permissions) expect(can({ id: 'u1', role }, permission)).toBe(false);
    }
    expect(can(null, 'orders:read-all')).toBe(false);
  });

  it('lets a fulfiller act on their own order only, and an admin on any', () => {
    const fulfiller = { id: 'f1', role: 'fulfiller' };
    const admin = { id: 'a1', role: 'admin' };
    expect(canSeeOrder(fulfiller, { assignedTo: 'f1' })).toBe(true);
    expect(canSeeOrder(fulfiller, { assignedTo: 'f2' })).toBe(false);
    expect(canSeeOrder(fulfiller, { assignedTo: null })).toBe(false);
    expect(canSeeOrder(admin, { assignedTo: 'f2' })).toBe(true);
    expect(canSeeOrder(admin, { assignedTo: null })).toBe(true);
    expect(canSeeOrder({ id: 'x', role: 'none' }, { assignedTo: 'x' })).toBe(false);
  });
});
