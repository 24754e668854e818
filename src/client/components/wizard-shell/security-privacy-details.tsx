import type { RefObject } from 'react';
import { Mail } from 'lucide-react';
import { getPublicConfig } from '#client/lib/public-config.ts';
import { Dialog } from '../ui/dialog';

type SecurityPrivacyDetailsProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it (outside the dialog, so Radix does not know it). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
};

/** What we do with the visitor's data, with the support e-mail. */
export function SecurityPrivacyDetails({ open, onOpenChange, returnFocusTo }: SecurityPrivacyDetailsProps) {
  const { supportEmail } = getPublicConfig();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        returnFocusTo.current?.focus();
      }}
      title="Security & Privacy"
      description="How we protect the information you give us."
    >
      <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
        <li>Every page is served over an encrypted (SSL/TLS) connection.</li>
        <li>Your Social Security number is encrypted before it is stored and shown to our staff only when needed to file.</li>
        <li>Your answers are kept in this browser tab until you pay; closing the tab discards them.</li>
        <li>Card details go straight to our payment processor; we never store them.</li>
      </ul>
      <p className="mt-4 text-sm text-slate-700">
        Questions about your data? Write to us at{' '}
        <a className="inline-flex items-center gap-1 font-medium text-brand-700 underline" href={`mailto:${supportEmail}`}>
          <Mail className="size-4" aria-hidden="true" />
          {supportEmail}
        </a>
        .
      </p>
    </Dialog>
  );
}
