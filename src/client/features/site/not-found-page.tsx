import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { House } from 'lucide-react';
import { ButtonLink } from '#client/components/ui/button.tsx';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { siteName } from '#client/components/seo/structured-data.ts';
import { useLocalizedPath } from '#client/lib/locale.ts';
import { paths } from '#client/paths.ts';
import { m } from '#shared/i18n/messages.ts';

export function NotFoundPage() {
  const location = useLocation();
  const localized = useLocalizedPath();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <PublicLayout>
      <title>{`${m.site_not_found_title()} | ${siteName}`}</title>
      <meta name="robots" content="noindex" />
      <div className="flex flex-col items-center px-4 py-24 text-center">
        <p className="text-6xl font-extrabold text-brand-600" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-3xl font-bold text-slate-900">{m.site_not_found_heading()}</h1>
        <p className="mt-3 max-w-md text-slate-600">{m.site_not_found_text()}</p>
        <ButtonLink to={localized(paths.home)} size="lg" className="mt-8">
          <House className="size-5" aria-hidden="true" />
          {m.site_not_found_home()}
        </ButtonLink>
      </div>
    </PublicLayout>
  );
}
