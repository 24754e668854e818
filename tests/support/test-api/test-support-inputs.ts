import { z } from 'zod';
import { billingEmailSchema } from '#shared/checkout/billing-email.ts';
import { applicationSections } from '#shared/application/sections.ts';
import { orderPriorities, orderStatuses } from '#shared/orders/lifecycle.ts';
import { signInSchema } from '#shared/staff/session.ts';
import { staffRoles } from '#shared/staff/roles.ts';

// What the browser tests may ask the test-only API for. Anything left out takes the value a real
// purchase or the Users screen's defaults would give; the full rules are the shared schemas', applied
// by the services to the completed values.

const sectionOverrides = z.record(z.string(), z.unknown());

/** `POST /api/test-support/orders`. */
export const testOrderSchema = z.strictObject({
  /** Answers put over the sample application, section by section. */
  application: z.partialRecord(z.enum(applicationSections), sectionOverrides).optional(),
  billingEmail: billingEmailSchema.optional(),
  /** A staff account's id; without it the order is auto-assigned as a purchase is. */
  assignedTo: z.string().min(1).max(64).optional(),
  status: z.enum(orderStatuses).optional(),
  priority: z.enum(orderPriorities).optional(),
});
export type TestOrderInput = z.input<typeof testOrderSchema>;
export type TestOrder = z.output<typeof testOrderSchema>;
export type TestOrderResponse = { orderId: number; trackingNumber: string };

/** `POST /api/test-support/checkouts/expire`. */
export const testExpireCheckoutSchema = z.strictObject({ draftId: z.uuid() });

/** `POST /api/test-support/staff`. */
export const testStaffSchema = z.strictObject({
  role: z.enum(staffRoles).default('fulfiller'),
  name: z.string().optional(),
  email: z.string().optional(),
  password: z.string().optional(),
  notificationEnabled: z.boolean().default(true),
  priorityFulfiller: z.boolean().default(false),
  suspended: z.boolean().default(false),
  /** Enrolled in two-factor sign-in, as every member is after their first sign-in; false for the enrolment's own tests. */
  enrolled: z.boolean().default(true),
  /** Must choose a new password at the next sign-in, as after an admin set their password. */
  mustChangePassword: z.boolean().default(false),
});
export type TestStaffInput = z.input<typeof testStaffSchema>;
export type TestStaff = z.output<typeof testStaffSchema>;
export type TestStaffResponse = {
  id: string;
  name: string;
  email: string;
  password: string;
  role: (typeof staffRoles)[number];
  /** The authenticator's secret as text (base32) when enrolled: the tests compute codes from it. */
  totpSecret: string | null;
};

/**
 * `POST /api/test-support/sessions`: the staff sign-in's own body, and for an enrolled member the
 * secret to compute the code from, so the session has passed both steps (and a fresh step-up).
 */
export const testSessionSchema = signInSchema.extend({
  totpSecret: z.string().max(200).nullable().optional(),
  /** When the session last gave a code, in minutes before now: past 15, an SSN or an SS-4 asks for one again (the step-up). */
  codeGivenMinutesAgo: z.number().int().min(0).max(720).optional(),
});
export type TestSession = z.infer<typeof testSessionSchema>;
