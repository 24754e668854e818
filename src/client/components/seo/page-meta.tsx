import { usePublicConfig } from '#client/lib/public-config.ts';
import { jsonLd, organization, siteName, type StructuredData } from './structured-data';
import { m } from '#shared/i18n/messages.ts';
import { locales, localeTags, pathInLocale } from '#shared/i18n/locales.ts';
import { useLocale } from '#client/lib/locale.ts';

/** The preview image for links to the site (1200×630), shipped in `src/client/public`. */
export const previewImagePath = '/og-image.png';

type PageMetaProps = {
  /** The whole document title. */
  title: string;
  description: string;
  /** The page's path in English (the paths of `paths`), for its canonical address and its twins in other languages. */
  path: string;
  /** Set when the page renders its own `<title>` element. */
  titleRendered?: boolean;
  /** The page's own structured data, beside the Organization every public page carries. */
  structuredData?: StructuredData[];
};

/**
 * A public page's title, description, canonical link, link previews (Open Graph, Twitter) and
 * JSON-LD. React places the tags in the document head, on the server and on every navigation.
 */
export function PageMeta({ title, description, path, titleRendered = false, structuredData = [] }: PageMetaProps) {
  const { siteUrl, supportEmail } = usePublicConfig();
  const locale = useLocale();
  const url = `${siteUrl}${pathInLocale(path, locale)}`;
  const image = `${siteUrl}${previewImagePath}`;
  return (
    <>
      {titleRendered ? null : <title>{title}</title>}
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {locales.map((alternate) => (
        <link key={alternate} rel="alternate" hrefLang={alternate} href={`${siteUrl}${pathInLocale(path, alternate)}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${siteUrl}${pathInLocale(path, 'en')}`} />
      <meta property="og:type" content="website" />
      <meta property="og:locale" content={localeTags[locale].replace('-', '_')} />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta property="og:image:alt" content={`${siteName}: ${m.site_delivery_badge().toLowerCase()}`} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <script
        type="application/ld+json"
        // Data, not code: the Content-Security-Policy does not apply to it and the browser never runs it.
        dangerouslySetInnerHTML={{ __html: jsonLd([organization(siteUrl, supportEmail), ...structuredData]) }}
      />
    </>
  );
}
