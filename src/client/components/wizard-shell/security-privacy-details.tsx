import type { RefObject } from 'react';
import { Mail } from 'lucide-react';
import { getPublicConfig } from '#client/lib/public-config.ts';
import { m } from '#shared/i18n/messages.ts';
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
      title={m.wizard_privacy_title()}
      description={m.wizard_privacy_description()}
    >
      <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
        <li>{m.wizard_privacy_encrypted_connection()}</li>
        <li>{m.wizard_privacy_ssn_encrypted()}</li>
        <li>{m.wizard_privacy_answers_in_tab()}</li>
        <li>{m.wizard_privacy_card_details()}</li>
      </ul>
      <p className="mt-4 text-sm text-slate-700">
        {m.wizard_privacy_questions()}{' '}
        <a className="inline-flex items-center gap-1 font-medium text-brand-700 underline" href={`mailto:${supportEmail}`}>
          <Mail className="size-4" aria-hidden="true" />
          {supportEmail}
        </a>
        .
      </p>
    </Dialog>
  );
}
