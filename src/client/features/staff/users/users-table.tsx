import { LockOpen, Pencil, ShieldOff, Trash2 } from 'lucide-react';
import { AlertDialog, AlertDialogCancel, AlertDialogDestructiveAction } from '#client/components/ui/alert-dialog.tsx';
import { useContext } from 'react';
import { StaffUserContext } from '#client/lib/staff/staff-session-context.tsx';
import { twoFactorMessages } from '#shared/staff/two-factor.ts';
import { toast } from 'sonner';
import { Badge, type BadgeVariant } from '#client/components/ui/badge.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { staffRoleLabels, type StaffRole } from '#shared/staff/roles.ts';
import { can } from '#shared/staff/permissions.ts';
import type { StaffUserRow } from '#shared/staff/users.ts';
import { UserDialog } from './user-dialog';
import { userFailureMessage, useResetTwoFactor, useUnlockUser } from './users-api';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { EmailAddress } from '#client/components/ui/email-address.tsx';

const iconButtonClass =
  'inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** Those who manage users stand out; every other role looks alike. */
const roleBadgeVariant = (role: StaffRole): BadgeVariant => (can({ role }, 'users:manage') ? 'default' : 'secondary');

function RoleBadge({ user }: { user: StaffUserRow }) {
  return <Badge variant={roleBadgeVariant(user.role)}>{staffRoleLabels[user.role]}</Badge>;
}

function StatusBadge({ user }: { user: StaffUserRow }) {
  const status = user.suspended ? <Badge tone="danger">Suspended</Badge> : <Badge tone="success">Active</Badge>;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {status}
      {user.signInLocked ? <Badge tone="warning">Sign-in locked</Badge> : null}
      {user.twoFactorEnabled ? null : <Badge variant="outline">No two-factor</Badge>}
    </span>
  );
}

/** An admin resets another member's two-factor sign-in (a lost phone), after confirming. */
function ResetTwoFactorButton({ user }: { user: StaffUserRow }) {
  const reset = useResetTwoFactor();
  return (
    <AlertDialog
      trigger={
        <button type="button" className={iconButtonClass} aria-label={`Reset two-factor for ${user.name}`} title="Reset two-factor">
          <ShieldOff className="size-4" aria-hidden="true" />
        </button>
      }
      title="Reset Two-Factor Sign-In"
      description={`${user.name} will be signed out and must set up two-factor sign-in again with an authenticator app at their next sign-in. Their recovery codes stop working.`}
    >
      <AlertDialogCancel disabled={reset.isPending}>Cancel</AlertDialogCancel>
      <AlertDialogDestructiveAction
        disabled={reset.isPending}
        onClick={() =>
          reset.mutate(user, {
            onSuccess: () => toast.success(twoFactorMessages.twoFactorReset),
            onError: (error) => toast.error(userFailureMessage(error, twoFactorMessages.notEnrolled)),
          })
        }
      >
        Reset Two-Factor
      </AlertDialogDestructiveAction>
    </AlertDialog>
  );
}

function UnlockButton({ user }: { user: StaffUserRow }) {
  const unlock = useUnlockUser();
  return (
    <button
      type="button"
      className={iconButtonClass}
      aria-label={`Unlock sign-in for ${user.name}`}
      title="Unlock sign-in"
      disabled={unlock.isPending}
      onClick={() =>
        unlock.mutate(user, {
          onSuccess: () => toast.success(staffMessages.signInUnlocked),
          onError: (error) => toast.error(userFailureMessage(error, staffMessages.unlockFailed)),
        })
      }
    >
      <LockOpen className="size-4" aria-hidden="true" />
    </button>
  );
}

function PriorityBadge({ user }: { user: StaffUserRow }) {
  return user.priorityFulfiller ? <Badge tone="warning">Priority</Badge> : <Badge variant="outline">Regular</Badge>;
}

function Actions({ user, onDelete }: { user: StaffUserRow; onDelete: (user: StaffUserRow) => void }) {
  // Nobody resets their own two-factor sign-in (the server refuses it too).
  const self = useContext(StaffUserContext);
  return (
    <div className="flex justify-end gap-1">
      {user.signInLocked ? <UnlockButton user={user} /> : null}
      {user.twoFactorEnabled && user.id !== self?.id ? <ResetTwoFactorButton user={user} /> : null}
      <UserDialog
        user={user}
        trigger={
          <button type="button" className={iconButtonClass} aria-label={`Edit ${user.name}`} title="Edit">
            <Pencil className="size-4" aria-hidden="true" />
          </button>
        }
      />
      <button type="button" className={`${iconButtonClass} hover:bg-red-50 hover:text-red-700`} aria-label={`Delete ${user.name}`} title="Delete" onClick={() => onDelete(user)}>
        <Trash2 className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

const countFormat = new Intl.NumberFormat('en-US');

/** The staff: a table on wide screens, a card per user on narrow ones. */
export function UsersTable({ users, onDelete }: { users: readonly StaffUserRow[]; onDelete: (user: StaffUserRow) => void }) {
  return (
    <>
      <Table containerClassName="hidden lg:block" aria-label="Users">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Name</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Active Orders</TableHead>
            <TableHead>Priority</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id}>
              <TableCell className="font-medium text-slate-900">{user.name}</TableCell>
              <TableCell>
                <EmailAddress address={user.email} />
              </TableCell>
              <TableCell>
                <RoleBadge user={user} />
              </TableCell>
              <TableCell>
                <StatusBadge user={user} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{countFormat.format(user.activeOrders)}</TableCell>
              <TableCell>
                <PriorityBadge user={user} />
              </TableCell>
              <TableCell>
                <Actions user={user} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <ul className="divide-y divide-slate-200 lg:hidden" aria-label="Users">
        {users.map((user) => (
          <li key={user.id} className="py-4 first:pt-0">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{user.name}</p>
                <EmailAddress address={user.email} className="block text-sm text-slate-600" />
              </div>
              <Actions user={user} onDelete={onDelete} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-xs text-slate-600">Role</dt>
                <dd>
                  <RoleBadge user={user} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">Status</dt>
                <dd>
                  <StatusBadge user={user} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">Active Orders</dt>
                <dd className="text-slate-900 tabular-nums">{countFormat.format(user.activeOrders)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">Priority</dt>
                <dd>
                  <PriorityBadge user={user} />
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
