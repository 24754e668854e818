import { describe, expect, it } from 'vitest';
import { passwordProblem } from '#shared/staff/password-rule.ts';
import { drawStaffPassword } from './staff';

describe('the staff factory', () => {
  it('draws a password the rule accepts for the hundredth account and beyond, whose default name holds a number', () => {
    for (const count of [7, 100, 123, 4567]) {
      const owner = { name: `Staff Member ${count}`, email: `staff${count}-a1b2c3@example.com` };
      const password = drawStaffPassword(owner);
      expect(passwordProblem(password, owner, null)).toBeNull();
    }
  });
});
