import { useEffect, type ReactNode } from 'react';
import { PublicLayout } from '../../components/layout/public-layout';
import { PageMeta } from '../../components/seo/page-meta';
import type { StructuredData } from '../../components/seo/structured-data';

type StaticPageProps = {
  /** The page's h1, also the first part of the document title. */
  heading: string;
  description: string;
  /** The page's path, for its canonical address. */
  path: string;
  structuredData?: StructuredData[];
  intro?: ReactNode;
  children: ReactNode;
};

/** The frame of the text pages (FAQ, About, Privacy, Terms): opens at the top, one h1, a readable column. */
export function StaticPage({ heading, description, path, structuredData, intro, children }: StaticPageProps) {
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, []);

  return (
    <PublicLayout>
      <PageMeta title={`${heading} | EIN Filing Service`} description={description} path={path} structuredData={structuredData} />
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

/** A titled part of a text page. */
export function TextSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10 first:mt-0">
      <h2 className="text-2xl font-semibold text-slate-900">{title}</h2>
      <div className="mt-3 space-y-4 leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-2">
        {children}
      </div>
    </section>
  );
}
