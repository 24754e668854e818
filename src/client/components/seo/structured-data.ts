import { isValidElement, type ReactNode } from 'react';

/** A schema.org object, as embedded in a page's JSON-LD. */
export type StructuredData = { '@type': string } & Record<string, unknown>;

export const siteName = 'EIN Filing Service';

/** The company behind the site, on every public page. */
export function organization(siteUrl: string, supportEmail: string): StructuredData {
  return {
    '@type': 'Organization',
    name: 'EIN Filing Service LLC',
    alternateName: siteName,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/favicon.svg`,
    email: supportEmail,
  };
}

/**
 * The words a piece of page content reads as, for structured data built from what the page shows
 * (a FAQ answer with its links and lists); block elements are separated by a space.
 */
export function plainText(node: ReactNode): string {
  const parts: string[] = [];
  const visit = (current: ReactNode): void => {
    if (typeof current === 'string' || typeof current === 'number') parts.push(String(current));
    else if (Array.isArray(current)) current.forEach(visit);
    else if (isValidElement<{ children?: ReactNode }>(current)) {
      const block = typeof current.type === 'string' && ['p', 'li', 'ul', 'ol', 'div'].includes(current.type);
      if (block) parts.push(' ');
      visit(current.props.children);
      if (block) parts.push(' ');
    }
  };
  visit(node);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so a value cannot close the element. */
export function jsonLd(items: StructuredData[]): string {
  const graph = { '@context': 'https://schema.org', '@graph': items };
  return JSON.stringify(graph).replace(/</g, '\\u003c');
}
