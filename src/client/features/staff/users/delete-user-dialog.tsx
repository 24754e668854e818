import { useState } from 'react';
import { toast } from 'sonner';
import { LoaderCircle } from 'lucide-react';
import { AlertDialog, AlertDialogCancel, AlertDialogDestructiveAction } from '#client/components/ui/alert-dialog.tsx';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import type { StaffUserRow } from '#shared/staff/users.ts';
import { useStaffApiErrorHandler } from '#client/lib/staff/use-staff-api-error.ts';
import { userFailureMessage, useDeleteUser } from './users-api';

/** The spec's confirmation text (02, section 2). */
export function deleteUserText(name: string): string {
  return `Are you sure you want to delete ${name}? This will remove their access, delete their profile, and their authentication account. This action cannot be undone.`;
}

type DeleteUserDialogProps = {
  /** The user asked about; null: closed. */
  user: StaffUserRow | null;
  onClose: () => void;
  /** Once the user is gone their row (and its button) is too: focus goes here instead. */
  onDeleted: () => void;
};

/**
 * Delete User. One dialog for the page rather than one per row: the row disappears when the delete
 * succeeds, and the dialog has to outlive it to close properly and place the focus.
 */
export function DeleteUserDialog({ user, onClose, onDeleted }: DeleteUserDialogProps) {
  const [deleted, setDeleted] = useState(false);
  const remove = useDeleteUser();
  const handleStaffApiError = useStaffApiErrorHandler();

  function confirm() {
    if (!user) return;
    remove.mutate(user, {
      onSuccess: () => {
        toast.success(staffMessages.userDeleted);
        setDeleted(true);
        onClose();
      },
      onError: (error) => {
        if (handleStaffApiError(error)) return;
        toast.error(userFailureMessage(error, staffMessages.deleteUserFailed));
        onClose();
      },
    });
  }

  return (
    <AlertDialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      onCloseAutoFocus={(event) => {
        if (!deleted) return;
        event.preventDefault();
        setDeleted(false);
        onDeleted();
      }}
      title="Delete User"
      description={user ? deleteUserText(user.name) : ''}
    >
      <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
      <AlertDialogDestructiveAction onClick={confirm} disabled={remove.isPending} aria-busy={remove.isPending}>
        {remove.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
        {remove.isPending ? 'Deleting...' : 'Delete User'}
      </AlertDialogDestructiveAction>
    </AlertDialog>
  );
}
