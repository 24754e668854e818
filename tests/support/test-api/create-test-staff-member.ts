import type { AppServices } from '#server/services.ts';
import { parseWith } from '#server/http/index.ts';
import { createUserFields } from '#shared/staff/users.ts';
import { createStaffMember } from '#tests/factories/staff.ts';
import type { TestStaff, TestStaffResponse } from './test-support-inputs';

/**
 * A staff account made as the Users screen makes one (`createStaffMember`), whose given name, e-mail
 * and password must pass the shared create-user rules.
 */
export async function createTestStaffMember(services: Pick<AppServices, 'auth' | 'database'>, input: TestStaff): Promise<TestStaffResponse> {
  if (input.name !== undefined || input.email !== undefined || input.password !== undefined) {
    parseWith(createUserFields.partial(), { name: input.name, email: input.email, password: input.password });
  }
  const member = await createStaffMember(services, input);
  return { id: member.id, name: member.name, email: member.email, password: member.password, role: member.role, totpSecret: member.totpSecret };
}
