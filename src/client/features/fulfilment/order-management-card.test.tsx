// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { orderStatusLabels, staffTargetsFrom } from '#shared/orders/lifecycle.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import type { OrderDetail, OrderDetailResponse } from '#shared/fulfilment/orders.ts';
import { FakeEventSource } from '#tests/client/event-source.ts';
import { errorResponse, jsonResponse, laterResponse, requestsTo, serve } from '#tests/client/network.ts';
import { sampleOrder } from '#tests/client/orders.ts';
import { resetPage } from '#tests/client/render.tsx';
import { adminUser as admin, fulfillerUser as fulfiller, staffList, supportUser } from '#tests/client/staff.ts';
import { renderOrderScreen } from '#tests/client/render-order-screen.tsx';
import { expectedStatuses } from '#tests/support/order-statuses.ts';

beforeEach(() => FakeEventSource.install());


type Patch = (body: unknown) => Response | Promise<Response>;

/**
 * The order, the staff list and the comments, and a PATCH that answers `patch` (by default the
 * order with the body applied, as the server would save it).
 */
function serveOrder(order: OrderDetail = sampleOrder(), patch?: Patch, staff: () => Response = () => jsonResponse({ staff: staffList })) {
  let current = order;
  const saved: unknown[] = [];
  serve({
    'GET /api/manage/orders/42': () => jsonResponse({ order: current }),
    'GET /api/manage/staff': staff,
    'GET /api/manage/orders/42/comments': () => jsonResponse({ comments: [] }),
    'PATCH /api/manage/orders/42': async ({ body }) => {
      saved.push(body);
      if (patch) return patch(body);
      const update = body as { status: OrderDetail['status']; priority: OrderDetail['priority']; assignedTo: string | null; notes: string; ein: string | null; holdReason: string | null };
      const assignee = staffList.find((member) => member.id === update.assignedTo);
      current = {
        ...current,
        status: update.status,
        priority: update.priority,
        notes: update.notes,
        ein: update.ein,
        holdReason: update.holdReason,
        assignee: assignee ? { id: assignee.id, name: assignee.name, email: assignee.email ?? '' } : null,
        updatedAt: '2026-11-21T09:00:00.000Z',
        version: current.version + 1,
      };
      return jsonResponse({ order: current, einEmail: 'not_due' } satisfies OrderDetailResponse);
    },
  });
  return { saved };
}

const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const einField = () => screen.queryByRole('textbox', { name: /^EIN/ }) as HTMLInputElement | null;
const saveButton = () => screen.getByRole('button', { name: /Save Changes|Saving\.\.\./ }) as HTMLButtonElement;

async function openPage(options: Parameters<typeof renderOrderScreen>[0] = {}) {
  const rendered = renderOrderScreen(options);
  await screen.findByRole('heading', { level: 1, name: 'Order #HFE12W87EQ23' });
  return rendered;
}

describe('Order Management card', () => {
  it('shows the order as it stands: its status and those it may move to, three priorities, the active staff, and the notes', async () => {
    serveOrder(sampleOrder({ status: 'on_hold', holdReason: 'We need your articles of organization.', priority: 'rush', notes: 'Waiting on the customer', assignee: { id: 'fulfiller-1', name: 'Fran Fulfiller', email: 'fran@example.com' } }));
    await openPage();

    const status = select('Status');
    // The status it is in, then every status staff may move it to (the lifecycle's own tests pin which).
    expect([...status.options].map((option) => option.text)).toEqual(['On Hold', ...staffTargetsFrom('on_hold').map((target) => orderStatusLabels[target])]);
    // Every status but those only the filing leg enters ("Overdue at IRS").
    expect(status.options).toHaveLength(Object.values(expectedStatuses).filter((expected) => !expected.enteredByFilingOnly).length);
    expect([...status.options].map((option) => option.text)).not.toContain('Overdue at IRS');
    expect(status.value).toBe('on_hold');
    expect([...select('Priority').options].map((option) => option.text)).toEqual(['Standard', 'Express', 'Rush']);
    expect(select('Priority').value).toBe('rush');

    const assignTo = select('Assign To');
    await waitFor(() => expect([...assignTo.options].map((option) => option.text)).toEqual(['Unassigned', 'Ada Admin', 'Fran Fulfiller']));
    expect(assignTo.value).toBe('fulfiller-1');
    expect(assignTo.disabled).toBe(false);

    const notes = screen.getByRole('textbox', { name: 'Internal Notes' }) as HTMLTextAreaElement;
    expect(notes.value).toBe('Waiting on the customer');
    expect(notes.rows).toBe(4);
    expect(einField()).toBeNull();
    expect(saveButton().textContent).toBe('Save Changes');
  });

  it('offers no other status for a completed or cancelled order: both are final', async () => {
    serveOrder(sampleOrder({ status: 'cancelled' }));
    await openPage();
    expect([...select('Status').options].map((option) => option.text)).toEqual(['Cancelled']);
    expect(screen.getByText(staffMessages.finalStatus)).toBeTruthy();
  });

  it('shows the order again when it changed since the page was opened, and says so', async () => {
    const stored = sampleOrder({ status: 'cancelled', version: 3, paymentStatus: 'refunded' });
    serveOrder(sampleOrder(), () => errorResponse('order_changed', staffMessages.orderChanged));
    const { user } = await openPage();
    await user.selectOptions(select('Status'), 'awaiting_user_signature');
    serve({ 'GET /api/manage/orders/42': () => jsonResponse({ order: stored }) });
    await user.click(saveButton());
    expect(await screen.findByText(staffMessages.orderChanged)).toBeTruthy();
    await waitFor(() => expect(select('Status').value).toBe('cancelled'));
    expect([...select('Status').options].map((option) => option.text)).toEqual(['Cancelled']);
  });

  it('asks for the reason the customer reads when the order goes on hold, and sends it with the save', async () => {
    const { saved } = serveOrder();
    const { user } = await openPage();
    expect(screen.queryByRole('textbox', { name: /Reason for the customer/ })).toBeNull();
    await user.selectOptions(select('Status'), 'on_hold');
    const reason = screen.getByRole('textbox', { name: /Reason for the customer/ }) as HTMLTextAreaElement;
    await user.click(saveButton());
    expect(await screen.findByText(staffMessages.holdReasonRequired)).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(saved).toEqual([]);

    await user.type(reason, '  We need your articles of organization. ');
    await user.click(saveButton());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ status: 'on_hold', holdReason: 'We need your articles of organization.' });
    await waitFor(() => expect((screen.getByRole('textbox', { name: /Reason for the customer/ }) as HTMLTextAreaElement).value).toBe('We need your articles of organization.'));
  });

  it('keeps a suspended assignee in the list so the select still says who has the order', async () => {
    serveOrder(sampleOrder({ assignee: { id: 'fulfiller-2', name: 'Sam Suspended', email: 'sam@example.com' } }));
    await openPage();
    await waitFor(() => expect([...select('Assign To').options].map((option) => option.text)).toContain('Sam Suspended'));
    expect(select('Assign To').value).toBe('fulfiller-2');
  });

  it('saves the changes, says so, and shows the order as reloaded', async () => {
    serveOrder();
    const { user } = await openPage();
    await waitFor(() => expect(select('Assign To').options.length).toBe(3));

    await user.selectOptions(select('Status'), 'preparing_ss4_form');
    await user.selectOptions(select('Priority'), 'express');
    await user.selectOptions(select('Assign To'), 'fulfiller-1');
    await user.type(screen.getByRole('textbox', { name: 'Internal Notes' }), 'Checked the registration');

    // Hold the answer to see the busy state.
    const save = laterResponse();
    serve({ 'PATCH /api/manage/orders/42': save.response });
    await user.click(saveButton());
    expect(saveButton().textContent).toBe('Saving...');
    expect(saveButton().disabled).toBe(true);
    await waitFor(() => expect(requestsTo('PATCH', '/api/manage/orders/42')).toHaveLength(1));
    expect(requestsTo('PATCH', '/api/manage/orders/42')[0]?.body).toEqual({ version: 1, status: 'preparing_ss4_form', priority: 'express', assignedTo: 'fulfiller-1', notes: 'Checked the registration', ein: null, holdReason: null });

    const updated = sampleOrder({
      status: 'preparing_ss4_form',
      priority: 'express',
      notes: 'Checked the registration',
      assignee: { id: 'fulfiller-1', name: 'Fran Fulfiller', email: 'fran@example.com' },
    });
    // The server holds the saved order from now on.
    serve({ 'GET /api/manage/orders/42': () => jsonResponse({ order: updated }) });
    save.respond(jsonResponse({ order: updated, einEmail: 'not_due' }));
    expect(await screen.findByText(staffMessages.orderUpdated)).toBeTruthy();
    expect(saveButton().textContent).toBe('Save Changes');
    expect(select('Status').value).toBe('preparing_ss4_form');
    // The order is loaded again after the save.
    await waitFor(() => expect(requestsTo('GET', '/api/manage/orders/42')).toHaveLength(2));
  });

  it('asks for the EIN when the order is completed, and checks its format, before saving', async () => {
    const { saved } = serveOrder();
    const { user } = await openPage();

    await user.selectOptions(select('Status'), 'completed');
    const ein = einField();
    expect(ein).not.toBeNull();
    expect(ein?.placeholder).toBe('XX-XXXXXXX');
    await user.click(saveButton());
    expect(await screen.findByText(staffMessages.einRequired)).toBeTruthy();
    expect(einField()?.getAttribute('aria-invalid')).toBe('true');
    expect(saved).toHaveLength(0);

    await user.type(einField() as HTMLInputElement, '12a3');
    expect(einField()?.value).toBe('12-3');
    expect(await screen.findByText(staffMessages.einFormat)).toBeTruthy();
    await user.click(saveButton());
    expect(saved).toHaveLength(0);

    await user.type(einField() as HTMLInputElement, '45678901');
    expect(einField()?.value).toBe('12-3456789');
    await waitFor(() => expect(screen.queryByText(staffMessages.einFormat)).toBeNull());
    await user.click(saveButton());
    expect(await screen.findByText(staffMessages.orderUpdated)).toBeTruthy();
    expect(saved).toEqual([{ version: 1, status: 'completed', priority: 'standard', assignedTo: null, notes: '', ein: '12-3456789', holdReason: null }]);
  });

  it('shows the EIN of an order that has one, whatever its status', async () => {
    serveOrder(sampleOrder({ status: 'on_hold', ein: '12-3456789' }));
    await openPage();
    expect(einField()?.value).toBe('12-3456789');
  });

  it('warns when the order was saved but the EIN e-mail failed', async () => {
    serveOrder(sampleOrder({ status: 'completed', ein: '12-3456789' }), (body) =>
      jsonResponse({ order: sampleOrder({ ...(body as object), ein: '12-3456789' }), einEmail: 'failed' }),
    );
    const { user } = await openPage();
    await user.click(saveButton());
    expect(await screen.findByText(staffMessages.orderUpdated)).toBeTruthy();
    expect(await screen.findByText(staffMessages.einEmailFailed)).toBeTruthy();
  });

  it("shows the server's field errors by their fields and its message for a refused change", async () => {
    serveOrder(sampleOrder(), () => errorResponse('validation_failed', 'Some fields need attention', { assignedTo: [staffMessages.assigneeUnknown] }));
    const { user } = await openPage();
    await user.click(saveButton());
    expect(await screen.findByText('Some fields need attention')).toBeTruthy();
    expect(await screen.findByText(staffMessages.assigneeUnknown)).toBeTruthy();
    expect(select('Assign To').getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the server's message when it refuses the change, and the spec's message otherwise", async () => {
    serveOrder(sampleOrder(), () => errorResponse('permission_denied', staffMessages.assignOthersAdminsOnly));
    const { user } = await openPage();
    await user.click(saveButton());
    expect(await screen.findByText(staffMessages.assignOthersAdminsOnly)).toBeTruthy();
    resetPage();
    FakeEventSource.install();

    serveOrder(sampleOrder(), () => errorResponse('internal_error', 'Internal error'));
    const second = await openPage();
    await second.user.click(saveButton());
    expect(await screen.findByText(staffMessages.updateOrderFailed)).toBeTruthy();
    expect(screen.queryByText('Internal error')).toBeNull();
  });

  it("does not let a fulfiller change the assignee, says why, and sends the assignee as it stands", async () => {
    const assignee = { id: fulfiller.id, name: fulfiller.name, email: fulfiller.email };
    const { saved } = serveOrder(sampleOrder({ assignee }));
    const { user } = await openPage({ staff: fulfiller });
    // Their own order's status, priority and notes are theirs to change.
    expect(select('Status').disabled).toBe(false);
    expect(select('Priority').disabled).toBe(false);
    expect(screen.getByRole('textbox', { name: 'Internal Notes' })).toBeTruthy();
    const assignTo = select('Assign To');
    expect(assignTo.disabled).toBe(true);
    expect(assignTo.value).toBe(fulfiller.id);
    const noteId = assignTo.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(noteId.split(' ')[0] ?? '')?.textContent).toBe(staffMessages.assignOthersAdminsOnly);

    await user.selectOptions(select('Priority'), 'rush');
    await user.click(saveButton());
    expect(await screen.findByText(staffMessages.orderUpdated)).toBeTruthy();
    expect(saved).toEqual([{ version: 1, status: 'reviewing_form_data', priority: 'rush', assignedTo: fulfiller.id, notes: '', ein: null, holdReason: null }]);
  });

  it('lets a fulfiller record the EIN that completes their own order', async () => {
    const { saved } = serveOrder(sampleOrder({ assignee: { id: fulfiller.id, name: fulfiller.name, email: fulfiller.email } }));
    const { user } = await openPage({ staff: fulfiller });
    await user.selectOptions(select('Status'), 'completed');
    await user.type(einField() as HTMLInputElement, '12-3456789');
    await user.click(saveButton());
    expect(await screen.findByText(staffMessages.orderUpdated)).toBeTruthy();
    expect(saved).toEqual([expect.objectContaining({ status: 'completed', ein: '12-3456789', assignedTo: fulfiller.id })]);
  });

  it('shows a support member the order as it stands, as text: no control, no Save, and no staff list asked for', async () => {
    serveOrder(
      sampleOrder({
        status: 'on_hold',
        holdReason: 'We need your articles of organization.',
        priority: 'rush',
        notes: 'Waiting on the customer',
        ein: '12-3456789',
        assignee: { id: fulfiller.id, name: fulfiller.name, email: fulfiller.email },
      }),
    );
    await openPage({ staff: supportUser });
    const card = screen.getByRole('heading', { level: 2, name: 'Order Management' }).closest('div.rounded-xl') as HTMLElement;
    expect(within(card).queryByRole('form')).toBeNull();
    expect(within(card).queryByRole('combobox')).toBeNull();
    expect(within(card).queryByRole('textbox')).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();
    const shown = [...card.querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(shown).toEqual([
      'Status: On Hold',
      'Reason for the customer: We need your articles of organization.',
      'Priority: Rush',
      'Assigned To: Fran Fulfiller',
      'EIN: 12-3456789',
      'Internal Notes: Waiting on the customer',
    ]);
    expect(requestsTo('GET', '/api/manage/staff')).toHaveLength(0);
    resetPage();
    FakeEventSource.install();

    serveOrder();
    await openPage({ staff: supportUser });
    const unassigned = screen.getByRole('heading', { level: 2, name: 'Order Management' }).closest('div.rounded-xl') as HTMLElement;
    expect([...unassigned.querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`)).toEqual([
      'Status: Reviewing Form Data',
      'Priority: Standard',
      'Assigned To: Unassigned',
    ]);
  });

  it('lets an admin unassign an order', async () => {
    const { saved } = serveOrder(sampleOrder({ assignee: { id: admin.id, name: admin.name, email: admin.email } }));
    const { user } = await openPage();
    await waitFor(() => expect(select('Assign To').options.length).toBe(3));
    await user.selectOptions(select('Assign To'), '');
    await user.click(saveButton());
    expect(await screen.findByText(staffMessages.orderUpdated)).toBeTruthy();
    expect(saved).toEqual([expect.objectContaining({ assignedTo: null })]);
  });

  it('tells when the staff list cannot be loaded, and still shows the current assignee', async () => {
    serveOrder(sampleOrder({ assignee: { id: admin.id, name: admin.name, email: admin.email } }), undefined, () => errorResponse('permission_denied', staffMessages.adminsOnly));
    await openPage();
    expect(await screen.findByText(staffMessages.loadProfilesFailed)).toBeTruthy();
    expect([...select('Assign To').options].map((option) => option.text)).toEqual(['Unassigned', 'Ada Admin']);
  });

  it('shows the due date with how close it is', async () => {
    const inTwoDays = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000 - 60_000).toISOString();
    serveOrder(sampleOrder({ dueDate: inTwoDays }));
    await openPage();
    expect(screen.getByText('Due Date')).toBeTruthy();
    expect(screen.getByText('2d left')).toBeTruthy();
  });
});
