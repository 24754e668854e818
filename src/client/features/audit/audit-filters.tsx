import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { Field } from '#client/components/form/field.tsx';
import { Select, TextInput } from '#client/components/form/controls.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { auditActionLabels, labelledAuditActions, type AuditMember } from '#shared/audit/audit.ts';
import type { AuditAddress } from './audit-query';

type AuditFiltersProps = {
  address: AuditAddress;
  members: readonly AuditMember[];
  errors: Record<string, string[]> | null;
  /** A new set of filters: the list starts again from the newest row. */
  onChange: (change: Omit<AuditAddress, 'after'>) => void;
};

/** Member, action, a date range (whole days, UTC) and an order number; each kept in the address. */
export function AuditFilters({ address, members, errors, onChange }: AuditFiltersProps) {
  const [order, setOrder] = useState({ draft: address.order ?? '', inAddress: address.order ?? '' });
  if ((address.order ?? '') !== order.inAddress) setOrder({ draft: address.order ?? '', inAddress: address.order ?? '' });

  function searchOrder(event: FormEvent) {
    event.preventDefault();
    onChange({ order: order.draft.trim() });
  }

  const errorOf = (key: string) => errors?.[key]?.[0];
  // A member no longer listed (a deleted account) still shows as chosen.
  const listed = !address.member || members.some((member) => member.id === address.member);

  return (
    <form role="search" aria-label="Filter the audit trail" onSubmit={searchOrder} className="grid grid-cols-2 gap-x-3 gap-y-1 sm:gap-x-4 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1.1fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.4fr)]">
      <Field label="Member" error={errorOf('member')} className="col-span-2 sm:col-span-1">
        {(control) => (
          <Select {...control} name="member" value={address.member ?? ''} onChange={(event) => onChange({ member: event.target.value })}>
            <option value="">All members</option>
            {listed ? null : <option value={address.member}>Account {address.member}</option>}
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name} ({member.email})
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Action" error={errorOf('action')} className="col-span-2 sm:col-span-1">
        {(control) => (
          <Select {...control} name="action" value={address.action ?? ''} onChange={(event) => onChange({ action: event.target.value })}>
            <option value="">All actions</option>
            {address.action && !Object.hasOwn(auditActionLabels, address.action) ? <option value={address.action}>{address.action}</option> : null}
            {labelledAuditActions.map((action) => (
              <option key={action} value={action}>
                {auditActionLabels[action]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="From" hint="UTC day" error={errorOf('from')}>
        {(control) => (
          <TextInput {...control} type="date" name="from" value={address.from ?? ''} max={address.to} onChange={(event) => onChange({ from: event.target.value })} />
        )}
      </Field>
      <Field label="To" hint="UTC day, included" error={errorOf('to')}>
        {(control) => (
          <TextInput {...control} type="date" name="to" value={address.to ?? ''} min={address.from} onChange={(event) => onChange({ to: event.target.value })} />
        )}
      </Field>
      <Field label="Order number" error={errorOf('order')} className="col-span-2 lg:col-span-1">
        {(control) => (
          <div className="flex gap-2">
            <TextInput
              {...control}
              type="search"
              name="order"
              autoComplete="off"
              spellCheck={false}
              maxLength={64}
              placeholder="Tracking #"
              value={order.draft}
              onChange={(event) => setOrder({ ...order, draft: event.target.value })}
              className="min-w-0 font-mono uppercase placeholder:normal-case"
            />
            <Button type="submit" variant="secondary" aria-label="Find this order" className="shrink-0 px-3">
              <Search className="size-4" aria-hidden="true" />
            </Button>
          </div>
        )}
      </Field>
    </form>
  );
}
