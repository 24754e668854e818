import type { ComponentProps, ReactNode } from 'react';
import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import { buttonClass } from './button';

type AlertDialogProps = {
  /** Leave out to open it from elsewhere through `open`; focus then returns to where it was. */
  trigger?: ReactNode;
  title: string;
  description: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Where focus goes on closing; call `event.preventDefault()` to place it yourself. */
  onCloseAutoFocus?: (event: Event) => void;
  /** The buttons: `AlertDialogCancel` first, then the action. */
  children: ReactNode;
};

/**
 * A confirmation that interrupts: focus is trapped, Escape cancels, clicking outside does nothing,
 * and Cancel has the focus first so Enter never confirms by accident.
 */
export function AlertDialog({ trigger, title, description, open, onOpenChange, onCloseAutoFocus, children }: AlertDialogProps) {
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialogPrimitive.Trigger asChild>{trigger}</AlertDialogPrimitive.Trigger> : null}
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialogPrimitive.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <AlertDialogPrimitive.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className="mt-2 text-sm text-slate-600">{description}</AlertDialogPrimitive.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}

/** Closes the dialog without doing anything. */
export function AlertDialogCancel({ className = '', ...props }: ComponentProps<'button'>) {
  return (
    <AlertDialogPrimitive.Cancel asChild>
      <button type="button" className={buttonClass({ variant: 'secondary' }, className)} {...props} />
    </AlertDialogPrimitive.Cancel>
  );
}

/**
 * The irreversible action. A plain button, not Radix's Action (which closes at once): the dialog
 * stays open while the action runs, and the caller closes it when done.
 */
export function AlertDialogDestructiveAction({ className = '', type = 'button', ...props }: ComponentProps<'button'>) {
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2.5 text-sm font-semibold text-white transition-colors hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-60 ${className}`.trim()}
      {...props}
    />
  );
}
