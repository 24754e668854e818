import { sampleApplication, type SampleOverrides } from '#shared/application/sample-application.ts';
import { maskSsn } from '#shared/ss4/ss4-mapping.ts';
import { ssnFields } from '#shared/application/contact.ts';
import type { OrderDetail } from '#shared/fulfilment/orders.ts';

/** The sample application as the order API gives it: every SSN masked. */
export function maskedFormData(overrides: SampleOverrides = {}): Record<string, unknown> {
  const application = sampleApplication(overrides);
  const contact: Record<string, unknown> = { ...application.contact };
  for (const field of ssnFields) {
    const value = application.contact[field];
    if (value) contact[field] = maskSsn(value);
  }
  return { ...application, contact };
}

/** An order as the order API gives it. */
export function sampleOrder(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id: 42,
    applicationId: 'HFE12W87EQ23',
    billingEmail: 'jane@example.com',
    locale: 'en',
    amountCents: 14900,
    currency: 'usd',
    paymentStatus: 'paid',
    paymentMethod: 'card',
    status: 'reviewing_form_data',
    priority: 'standard',
    assignee: null,
    assignedAt: null,
    completedAt: null,
    dueDate: null,
    ein: null,
    einLastFour: null,
    personalDataErasedAt: null,
    notes: '',
    holdReason: null,
    createDate: '2026-11-20T15:30:00.000Z',
    updatedAt: '2026-11-20T15:30:00.000Z',
    version: 1,
    formData: maskedFormData(),
    statusHistory: [],
    payments: { paidCents: 14900, refundedCents: 0, pendingCents: 0, netCents: 14900, refundableCents: 14900, refunds: [], dispute: null },
    ...overrides,
  };
}
