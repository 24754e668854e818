// Writes a dashboard plan (dashboard-plan.ts) into the database, as each order's events happened.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { checkouts, filings, inboundFaxes, orderStatusHistory, refunds, type Db } from '#server/db/index.ts';
import type { DashboardPlan } from './dashboard-plan';
import { createPaidOrder } from './orders';

/** Writes the plan: each order as the payment path writes it, then its history, refund, filings and fax-back as they happened. */
export async function insertDashboardPlan(db: Db, plan: DashboardPlan): Promise<void> {
  for (const planned of plan.orders) {
    const last = planned.events[planned.events.length - 1];
    const order = await createPaidOrder(db, {
      applicationId: planned.trackingNumber,
      createDate: planned.paidAt,
      amount: planned.amountCents,
      status: last?.status ?? 'reviewing_form_data',
      assignedTo: planned.assignee,
      assignedAt: planned.assignee ? planned.paidAt : null,
      completedAt: planned.completedAt ?? null,
      disputeId: planned.disputedAt ? `dp_${randomUUID().slice(0, 8)}` : null,
      disputeStatus: planned.disputedAt ? 'needs_response' : null,
      disputedAt: planned.disputedAt ?? null,
    });
    await db.update(checkouts).set({ createdAt: new Date(planned.paidAt.getTime() - 10 * 60_000) }).where(eq(checkouts.id, order.checkoutId));
    let from: string = 'reviewing_form_data';
    for (const event of planned.events) {
      await db.insert(orderStatusHistory).values({ orderId: order.id, fromStatus: from, toStatus: event.status, changedBy: planned.assignee, changedAt: event.at });
      from = event.status;
    }
    if (planned.refund) {
      await db.insert(refunds).values({ orderId: order.id, amountCents: planned.refund.cents, reason: 'requested_by_customer', state: 'succeeded', source: 'staff', idempotencyKey: randomUUID(), createdAt: planned.refund.at, updatedAt: planned.refund.at });
    }
    let filingId: number | null = null;
    for (const filing of planned.filings) {
      const [row] = await db
        .insert(filings)
        .values({
          orderId: order.id,
          method: filing.method,
          status: filing.givenUpAt ? 'failed' : filing.method === 'online' ? (planned.completedAt ? 'answered' : 'filed') : planned.completedAt ? 'answered' : filing.deliveredAt ? 'delivered' : 'sending',
          attempts: filing.attempts,
          sentAt: filing.method === 'fax' ? filing.createdAt : null,
          deliveredAt: filing.deliveredAt ?? null,
          createdAt: filing.createdAt,
          updatedAt: filing.givenUpAt ?? filing.deliveredAt ?? filing.createdAt,
        })
        .returning();
      filingId = row!.id;
    }
    if (planned.faxBack) {
      const { by, at } = planned.faxBack;
      await db.insert(inboundFaxes).values({
        provider: 'test',
        providerFaxId: `fax-back-${planned.trackingNumber}`,
        receivedAt: new Date(at.getTime() - 10 * 60_000),
        status: 'confirmed',
        filingId,
        orderId: order.id,
        matchMethod: by,
        readAt: by === 'code' ? at : new Date(at.getTime() - 5 * 60_000),
        confirmedAt: by === 'staff' ? at : new Date(at.getTime() + 60_000),
      });
    }
  }
  for (const createdAt of plan.unpaidCheckouts) {
    await db.insert(checkouts).values({
      draftId: randomUUID(),
      trackingNumber: `UNPD${randomUUID().replaceAll('-', '').slice(0, 8).toUpperCase()}`,
      formData: {},
      email: 'someone@example.com',
      amountCents: 14900,
      currency: 'usd',
      paymentProvider: 'test',
      createdAt,
      updatedAt: createdAt,
    });
  }
}

