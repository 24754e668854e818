import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { PageMeta } from '#client/components/seo/page-meta.tsx';
import { siteName, type StructuredData } from '#client/components/seo/structured-data.ts';

type StaticPageProps = {
  /** The page's h1, also the first part of the document title. */
  heading: string;
  description: string;
  /** The page's path in English (a path of `paths`), for its canonical address. */
  path: string;
  structuredData?: StructuredData[];
  intro?: ReactNode;
  children: ReactNode;
};

/**
 * The frame of the text pages (FAQ, About, Privacy, Terms): opens at the top, or at the section the
 * address names (`/terms#refunds`), one h1, a readable column.
 */
export function StaticPage({ heading, description, path, structuredData, intro, children }: StaticPageProps) {
  const { hash } = useLocation();
  useEffect(() => {
    const section = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (section) section.scrollIntoView({ behavior: 'instant', block: 'start' });
    else window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [hash]);

  return (
    <PublicLayout>
      <PageMeta title={`${heading} | ${siteName}`} description={description} path={path} structuredData={structuredData} />
      <div className="bg-brand-50 px-4 py-12 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-3xl">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{heading}</h1>
          {intro ? <div className="mt-4 text-lg text-slate-700">{intro}</div> : null}
        </div>
      </div>
      <div className="px-4 py-12 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-3xl">{children}</div>
      </div>
    </PublicLayout>
  );
}

/** A titled part of a text page; `id` makes it an address other pages link to. */
export function TextSection({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <section id={id} className="mt-10 scroll-mt-28 first:mt-0">
      <h2 className="text-2xl font-semibold text-slate-900">{title}</h2>
      <div className="mt-3 space-y-4 leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-2">
        {children}
      </div>
    </section>
  );
}
