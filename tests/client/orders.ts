import { sampleApplication, type SampleOverrides } from '../../src/shared/application/sample-application';
import { maskSsn } from '../../src/shared/ss4/ss4-mapping';
import { ssnFields } from '../../src/shared/application/contact';
import type { OrderDetail } from '../../src/shared/fulfilment/orders';

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
