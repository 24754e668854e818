import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { House } from 'lucide-react';
import { ButtonLink } from '#client/components/ui/button.tsx';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { paths } from '#client/paths.ts';

export function NotFoundPage() {
  const location = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <PublicLayout>
      <title>Page not found | EIN Filing Service</title>
      <meta name="robots" content="noindex" />
      <div className="flex flex-col items-center px-4 py-24 text-center">
        <p className="text-6xl font-extrabold text-brand-600" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-3xl font-bold text-slate-900">Oops! Page not found</h1>
        <p className="mt-3 max-w-md text-slate-600">The page you are looking for does not exist or has moved.</p>
        <ButtonLink to={paths.home} size="lg" className="mt-8">
          <House className="size-5" aria-hidden="true" />
          Return to Home
        </ButtonLink>
      </div>
    </PublicLayout>
  );
}
