import { useEffect, type ReactNode } from 'react';
import { FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Field } from '#client/components/form/field.tsx';
import { Select } from '#client/components/form/controls.tsx';
import { MaskedField, masks, TextAreaField } from '#client/components/form/fields.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { ApiError } from '#client/lib/api.ts';
import { showServerFieldErrors } from '#client/lib/staff/server-field-errors.ts';
import { useStaffApiErrorHandler } from '#client/lib/staff/use-staff-api-error.ts';
import {
  asksForReason,
  isInStatusGroup,
  orderPriorities,
  orderPriorityLabels,
  orderStatusLabels,
  staffTargetsFrom,
  type OrderPriority,
  type OrderStatus,
} from '#shared/orders/lifecycle.ts';
import { holdReasonMaxLength, orderUpdateSchema, type AssignableStaff, type OrderDetail, type OrderUpdate } from '#shared/fulfilment/orders.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { orderWorkingRoles } from '#shared/staff/permissions.ts';
import { OrderDueDate } from './order-due-date';
import { updateFailureMessage, useAssignableStaff, useReloadOrder, useUpdateOrder } from './use-order-detail';
import { useOrderPermissions } from './use-order-permissions';

/** The card's fields as the controls hold them: '' is "Unassigned" and "no EIN"; `version` is the order's as shown. */
type OrderForm = { version: number; status: OrderStatus; priority: OrderPriority; assignedTo: string; notes: string; ein: string; holdReason: string };

const formFields: readonly (keyof OrderForm)[] = ['status', 'priority', 'assignedTo', 'notes', 'ein', 'holdReason'];

function formValuesOf(order: OrderDetail): OrderForm {
  return {
    version: order.version,
    status: order.status,
    priority: order.priority,
    assignedTo: order.assignee?.id ?? '',
    notes: order.notes,
    ein: order.ein ?? '',
    holdReason: order.holdReason ?? '',
  };
}

const schemaResolver = zodResolver(orderUpdateSchema);

/** The shared update schema, fed "Unassigned" (and a fulfiller's disabled, unread select) as the null it means. */
const orderFormResolver: Resolver<OrderForm, unknown, OrderUpdate> = (values, context, options) =>
  schemaResolver(
    { ...values, assignedTo: values.assignedTo || null },
    context,
    options as unknown as Parameters<typeof schemaResolver>[2],
  ) as unknown as ReturnType<Resolver<OrderForm, unknown, OrderUpdate>>;

/**
 * Who the select offers: active staff whose role works orders, plus the current assignee even if
 * suspended, of a role that works none, or gone from the list.
 */
function assigneeOptions(staff: readonly AssignableStaff[], current: OrderDetail['assignee']) {
  const works = (member: AssignableStaff) => !member.suspended && (orderWorkingRoles as readonly string[]).includes(member.role);
  const options = staff.filter((member) => works(member) || member.id === current?.id).map((member) => ({ id: member.id, name: member.name }));
  if (current && !options.some((option) => option.id === current.id)) options.unshift({ id: current.id, name: current.name });
  return options;
}

/**
 * The left-hand card: status, priority, assignment, internal notes, the EIN and the due date. Saving
 * it at all needs `orders:update` (priority and notes); the status, the EIN and the assignee each need
 * their own permission too, and what the member may not change is shown as text. A member who may not
 * save it reads the order as it stands.
 */
export function OrderManagementCard({ order }: { order: OrderDetail }) {
  const may = useOrderPermissions(order);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Order Management</CardTitle>
      </CardHeader>
      <CardContent>{may('orders:update') ? <OrderManagementForm order={order} /> : <OrderManagementSummary order={order} />}</CardContent>
    </Card>
  );
}

function OrderManagementForm({ order }: { order: OrderDetail }) {
  const may = useOrderPermissions(order);
  const canAssign = may('orders:assign');
  const mayChangeStatus = may('orders:change-status');
  const mayRecordEin = may('orders:record-ein');
  const { staff } = useAssignableStaff();
  const update = useUpdateOrder(order.id);
  const reloadOrder = useReloadOrder(order.id);
  const handleApiError = useStaffApiErrorHandler();

  const form = useForm<OrderForm, unknown, OrderUpdate>({
    resolver: orderFormResolver,
    defaultValues: formValuesOf(order),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, handleSubmit, reset, setError, control } = form;
  const status = useWatch({ control, name: 'status' });
  const showEin = status === 'completed' || Boolean(order.ein);
  const saving = update.isPending;
  // Only the changes the lifecycle allows from the status the order is in; none out of a final one.
  // Completing records the EIN, so a member who may not record one completes only an order that has it.
  const statusChoices = [order.status, ...staffTargetsFrom(order.status).filter((target) => target !== 'completed' || mayRecordEin || Boolean(order.ein))];
  const final = isInStatusGroup('closed', order.status);

  // The order changed elsewhere (a refund on this page, another member's save): the card shows it as
  // it now stands, unless something is being typed (a save of that is refused, and reloads it).
  const { isDirty } = form.formState;
  useEffect(() => {
    if (!isDirty) reset(formValuesOf(order));
  }, [order, isDirty, reset]);

  // A status or EIN the member may not change is shown as text, not a control: the form sends it as it stands.
  const save = handleSubmit((values) => {
    // The server refuses a fulfiller's change of assignee, so theirs is always sent as it stands.
    const assignedTo = canAssign ? values.assignedTo : (order.assignee?.id ?? null);
    update.mutate(
      { ...values, assignedTo },
      {
        onSuccess: (response) => {
          toast.success(staffMessages.orderUpdated);
          if (response.einEmail === 'failed') toast.warning(staffMessages.einEmailFailed);
          reset(formValuesOf(response.order));
        },
        onError: (error) => {
          if (handleApiError(error)) return;
          if (error instanceof ApiError && error.code === 'order_changed') {
            // Someone else saved first: show the order as it now is, and say so.
            void reloadOrder().then((response) => reset(formValuesOf(response.order)), () => undefined);
          } else if (error instanceof ApiError) showServerFieldErrors(error, formFields, setError);
          toast.error(updateFailureMessage(error));
        },
      },
    );
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={save} aria-label="Order Management">
        <fieldset disabled={saving} className="space-y-1">
          {mayChangeStatus ? (
            <Field label="Status" hint={final ? staffMessages.finalStatus : undefined} error={form.formState.errors.status?.message}>
              {(controlProps) => (
                <Select {...controlProps} {...register('status')}>
                  {statusChoices.map((value) => (
                    <option key={value} value={value}>
                      {orderStatusLabels[value]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          ) : (
            <ShownValues>
              <StatusShown order={order} />
            </ShownValues>
          )}

          <Field label="Priority" error={form.formState.errors.priority?.message}>
            {(controlProps) => (
              <Select {...controlProps} {...register('priority')}>
                {orderPriorities.map((value) => (
                  <option key={value} value={value}>
                    {orderPriorityLabels[value]}
                  </option>
                ))}
              </Select>
            )}
          </Field>

          <Field
            label="Assign To"
            hint={canAssign ? undefined : staffMessages.assignOthersAdminsOnly}
            error={form.formState.errors.assignedTo?.message}
          >
            {(controlProps) => (
              <Select {...controlProps} {...register('assignedTo')} disabled={!canAssign}>
                <option value="">Unassigned</option>
                {assigneeOptions(staff, order.assignee).map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>

          {asksForReason(status) && mayChangeStatus ? (
            <TextAreaField
              name="holdReason"
              label="Reason for the customer"
              required
              rows={3}
              maxLength={holdReasonMaxLength}
              hint="E-mailed to the customer when you save: say what we need from them. They can reply to the e-mail."
            />
          ) : null}

          <TextAreaField name="notes" label="Internal Notes" rows={4} maxLength={10_000} hint="Seen by staff only." />

          {showEin && mayRecordEin ? (
            <MaskedField
              name="ein"
              label="EIN"
              required={status === 'completed'}
              mask={masks.ein}
              placeholder="XX-XXXXXXX"
              autoComplete="off"
              hint={status === 'completed' ? 'Required to complete the order; e-mailed to the customer.' : undefined}
            />
          ) : order.ein ? (
            <ShownValues>
              <ShownValue label="EIN">{order.ein}</ShownValue>
            </ShownValues>
          ) : null}

          {order.dueDate ? (
            <div className="pb-4">
              <OrderDueDate dueDate={order.dueDate} settled={isInStatusGroup('closed', order.status)} />
            </div>
          ) : null}

          <Button type="submit" className="w-full" disabled={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </fieldset>
      </form>
    </FormProvider>
  );
}

/** The card for a member who may change none of it: the order's status, priority, assignee, EIN and notes as text. */
function OrderManagementSummary({ order }: { order: OrderDetail }) {
  return (
    <div className="space-y-1">
      <ShownValues>
        <StatusShown order={order} />
        <ShownValue label="Priority">{orderPriorityLabels[order.priority]}</ShownValue>
        <ShownValue label="Assigned To">{order.assignee?.name ?? 'Unassigned'}</ShownValue>
        {order.ein ? <ShownValue label="EIN">{order.ein}</ShownValue> : null}
        {order.notes ? <ShownValue label="Internal Notes">{order.notes}</ShownValue> : null}
      </ShownValues>
      {order.dueDate ? <OrderDueDate dueDate={order.dueDate} settled={isInStatusGroup('closed', order.status)} /> : null}
    </div>
  );
}

/** The status, and while the order is in a status that asks for one (on hold) the reason the customer was told. */
function StatusShown({ order }: { order: OrderDetail }) {
  return (
    <>
      <ShownValue label="Status">{orderStatusLabels[order.status]}</ShownValue>
      {asksForReason(order.status) && order.holdReason ? <ShownValue label="Reason for the customer">{order.holdReason}</ShownValue> : null}
    </>
  );
}

function ShownValues({ children }: { children: ReactNode }) {
  return <dl className="space-y-4 pb-4 text-sm">{children}</dl>;
}

function ShownValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-slate-800">{label}</dt>
      <dd className="mt-1 break-words whitespace-pre-wrap text-slate-900">{children}</dd>
    </div>
  );
}
