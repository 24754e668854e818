import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { m } from '#shared/i18n/messages.ts';
import { useLocalizedPath } from '#client/lib/locale.ts';

/**
 * The wizard's one "Back" control (steps 2 to 6): to the previous step, without validating or saving.
 * `to` is a path of `paths`: the link stays in the page's language.
 */
export function BackLink({ to, label }: { to: string; label?: string }) {
  const localized = useLocalizedPath();
  return (
    <Link
      to={localized(to)}
      className="inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {label ?? m.wizard_back()}
    </Link>
  );
}
