import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppServices } from '../../../src/server/services';
import { user } from '../../../src/server/db';
import { enrolStaffMember } from '../../factories/enrol-staff-member';
import { parseWith } from '../../../src/server/http';
import { createUserSchema } from '../../../src/shared/staff/users';
import type { TestStaff, TestStaffResponse } from './test-support-inputs';

/**
 * A staff account made as the Users screen makes one: the shared create-user rules, then Better
 * Auth's `createUser` with the switches and the suspension in the same insert. Left-out names,
 * e-mails and passwords are drawn fresh, so parallel tests never share an account by accident.
 */
export async function createTestStaffMember(services: Pick<AppServices, 'auth' | 'database'>, input: TestStaff): Promise<TestStaffResponse> {
  const { auth, database } = services;
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
      data: { notificationEnabled: member.notificationEnabled, priorityFulfiller: member.priorityFulfiller },
    },
  });
  // Enrolled through Better Auth's plugin as the enrolment screen does (which needs a sign-in, so
  // before any suspension).
  const totpSecret = input.enrolled ? await enrolStaffMember(services, { id: created.user.id, email: member.email, password: member.password }) : null;
  await database.db.update(user).set({ banned: member.suspended, mustChangePassword: input.mustChangePassword }).where(eq(user.id, created.user.id));
  return { id: created.user.id, name: member.name, email: member.email, password: member.password, role: member.role, totpSecret };
}
