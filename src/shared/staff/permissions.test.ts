import { describe, expect, it } from 'vitest';
import { can, canSeeOrder, permissions, permissionsOf } from './permissions';
import { staffRoles } from './session';

describe('the permission map', () => {
  it('lists every permission of every role', () => {
    const table = Object.fromEntries(staffRoles.map((role) => [role, Object.fromEntries(permissions.map((permission) => [permission, can({ id: 'u1', role }, permission)]))]));
    expect(table).toEqual({
      admin: {
        'orders:read-all': true,
        'orders:work-assigned': true,
        'orders:assign': true,
        'users:manage': true,
        'audit:read': true,
        'refunds:create': true,
        'customers:data-requests': true,
        'fax-inbox:read-all': true,
      },
      fulfiller: {
        'orders:read-all': false,
        'orders:work-assigned': true,
        'orders:assign': false,
        'users:manage': false,
        'audit:read': false,
        'refunds:create': false,
        'customers:data-requests': false,
        'fax-inbox:read-all': false,
      },
    });
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
