import { useRef, useState } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { isFailedCall } from '#client/lib/api.ts';
import { isDenied } from '#client/lib/staff/staff-api.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import type { StaffUserRow } from '#shared/staff/users.ts';
import { DeleteUserDialog } from './delete-user-dialog';
import { UserDialog } from './user-dialog';
import { UsersTable } from './users-table';
import { useUsers } from './users-api';

/** `/manage/users` (admins only; the server refuses anyone else): the staff and their permissions. */
export function UsersPage() {
  const users = useUsers();
  const [deleting, setDeleting] = useState<StaffUserRow | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const denied = isDenied(users.error);
  const list = users.data?.users;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <title>Users | EIN Filing Service</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Users</h1>
          <p className="mt-1 text-slate-600">Manage users and their permissions</p>
        </div>
        {denied ? null : (
          <UserDialog
            user={null}
            trigger={
              <Button ref={addButton}>
                <Plus className="size-4" aria-hidden="true" />
                Add User
              </Button>
            }
          />
        )}
      </div>

      {denied ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          {staffMessages.accessDenied}
        </p>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>{list ? `All Users (${list.length})` : 'All Users'}</CardTitle>
          </CardHeader>
          <CardContent>
            {users.isPending ? (
              <p role="status" className="py-8 text-center text-slate-600">
                Loading users...
              </p>
            ) : users.error ? (
              <div role="alert" className="py-8 text-center text-slate-700">
                <p>{!isFailedCall(users.error) ? users.error.message : 'The users could not be loaded.'}</p>
                <Button variant="secondary" className="mt-3" onClick={() => void users.refetch()}>
                  Try again
                </Button>
              </div>
            ) : list && list.length > 0 ? (
              <UsersTable users={list} onDelete={setDeleting} />
            ) : (
              <p className="py-8 text-center text-slate-600">No users yet. Add one to get started.</p>
            )}
          </CardContent>
        </Card>
      )}

      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} onDeleted={() => addButton.current?.focus()} />
    </div>
  );
}
