import { useLocation } from 'react-router';
import { ArrowLeft, SearchX } from 'lucide-react';
import { ButtonLink } from '#client/components/ui/button.tsx';
import { paths } from '#client/paths.ts';

/**
 * An address under `/manage` that names no page: said inside the panel, with its navigation still
 * there and a way back to the orders, rather than the public site's not-found page.
 */
export function PanelNotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center py-16 text-center">
      <title>Page not found | Management Panel</title>
      <SearchX className="size-12 text-slate-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Page not found</h1>
      <p className="mt-2 text-slate-600">
        There is no page at <code className="font-mono text-sm break-all text-slate-800">{pathname}</code> in the management panel.
      </p>
      <ButtonLink to={paths.manageOrders} className="mt-6">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Orders
      </ButtonLink>
    </div>
  );
}
