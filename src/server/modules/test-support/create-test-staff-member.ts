import { randomBytes } from 'node:crypto';
import type { AppServices } from '../../services';
import { parseWith } from '../../plugins/validation';
import { createUserSchema } from '../../../shared/staff/users';
import type { TestStaff, TestStaffResponse } from './test-support-inputs';

/**
 * A staff account made as the Users screen makes one: the shared create-user rules, then Better
 * Auth's `createUser` with the switches and the suspension in the same insert. Left-out names,
 * e-mails and passwords are drawn fresh, so parallel tests never share an account by accident.
 */
export async function createTestStaffMember({ auth }: Pick<AppServices, 'auth'>, input: TestStaff): Promise<TestStaffResponse> {
  const unique = randomBytes(5).toString('hex');
  const member = parseWith(createUserSchema, {
    name: input.name ?? `Staff ${unique}`,
    email: input.email ?? `staff-${unique}@example.com`,
    password: input.password ?? `password-${unique}`,
    role: input.role,
    notificationEnabled: input.notificationEnabled,
    priorityFulfiller: input.priorityFulfiller,
    suspended: input.suspended,
  });
  const created = await auth.api.createUser({
    body: {
      email: member.email,
      password: member.password,
      name: member.name,
      role: member.role,
      data: { notificationEnabled: member.notificationEnabled, priorityFulfiller: member.priorityFulfiller, banned: member.suspended },
    },
  });
  return { id: created.user.id, name: member.name, email: member.email, password: member.password, role: member.role };
}
