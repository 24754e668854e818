import type { CSSProperties, ReactElement, ReactNode } from 'react';
// Each component from its own package: the `@react-email/components` index also loads the code block's
// Prism, Tailwind and Markdown, which no e-mail here uses: about 0.3 s of every start (decision 076).
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { render } from '@react-email/render';
import { m } from '#shared/i18n/messages.ts';
import { baseLocale, isLocale, localeTags, pathInLocale, type Locale } from '#shared/i18n/locales.ts';
import { seller } from '#shared/seller.ts';

// The frame of every customer e-mail: one React Email component renders both the HTML (inline styles:
// mail programs ignore stylesheets) and the plain text, so the two never say different things. Each
// e-mail writes only its body, in the order's language; the brand line, the heading, the support line
// and the disclosure at the foot are the layout's.

export type { Locale };

/** The language an order's e-mails are written in: its stored one, English for any value this build does not know. */
export const orderLocale = (value: string | null | undefined): Locale => (isLocale(value) ? value : baseLocale);

/** A customer page's address in the order's language: `/sign/abc` → `https://…/es/sign/abc`. */
export const customerPageUrl = (origin: string, path: string, locale: Locale) => `${origin.replace(/\/+$/, '')}${pathInLocale(path, locale)}`;

/** A customer page's full address put in `locale`: `https://…/cancel-order/abc` → `https://…/es/cancel-order/abc`. */
export function urlInLocale(url: string, locale: Locale): string {
  const parsed = new URL(url);
  return `${parsed.origin}${pathInLocale(parsed.pathname, locale)}${parsed.search}${parsed.hash}`;
}

/** An amount in cents as money in the reader's language ("$149.00", "149,00 US$"). */
export function formatMoney(cents: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(localeTags[locale], {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(cents / 100);
}

const colors = {
  ink: '#0f172a',
  muted: '#475569',
  brand: '#1d4ed8',
  rule: '#e2e8f0',
  danger: '#b91c1c',
} as const;

export const emailStyles = {
  paragraph: { margin: '0 0 16px', fontSize: '16px', lineHeight: '1.5' },
  /** A line that belongs with the next one (a label above its value). */
  tight: { margin: '0 0 4px', fontSize: '16px', lineHeight: '1.5' },
  subheading: { fontSize: '18px', margin: '24px 0 8px' },
  link: { color: colors.brand },
  dangerLink: { color: colors.danger },
  note: {
    margin: '0 0 16px',
    fontSize: '14px',
    lineHeight: '1.5',
    color: colors.muted,
  },
  code: { fontFamily: "'Courier New',monospace" },
  bigCode: {
    fontFamily: "'Courier New',monospace",
    fontSize: '18px',
    letterSpacing: '1px',
  },
  muted: { color: colors.muted },
} satisfies Record<string, CSSProperties>;

/** A paragraph of the body. */
export function Paragraph({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return <Text style={{ ...emailStyles.paragraph, ...style }}>{children}</Text>;
}

/** A value the reader may copy or read out (a tracking number, an EIN), set apart in a fixed-width face. */
export function Code({ children, style }: { children: string; style?: CSSProperties }) {
  return <strong style={{ ...emailStyles.code, ...style }}>{children}</strong>;
}

/** "Tracking number: X": every customer e-mail names the application it is about. */
export function TrackingNumberLine({ trackingNumber, locale, large, style }: { trackingNumber: string; locale: Locale; large?: boolean; style?: CSSProperties }) {
  return (
    <Paragraph style={style}>
      {`${m.email_tracking_number_label({}, { locale })} `}
      <Code style={large ? emailStyles.bigCode : undefined}>{trackingNumber}</Code>
    </Paragraph>
  );
}

/** The one action an e-mail asks for, as a button, with its address to paste (the link's text in the plain version). */
export function ActionButton({ href, label, locale }: { href: string; label: string; locale: Locale }) {
  return (
    <>
      <Section style={{ margin: '0 0 16px' }}>
        <Button
          href={href}
          style={{
            display: 'inline-block',
            background: colors.brand,
            color: '#ffffff',
            padding: '12px 20px',
            borderRadius: '6px',
            textDecoration: 'none',
            fontWeight: 'bold',
          }}
        >
          {label}
        </Button>
      </Section>
      <Text style={emailStyles.note} data-skip-in-text="true">
        {`${m.email_paste_address({}, { locale })} `}
        <span style={{ overflowWrap: 'anywhere', wordBreak: 'break-all' }}>{href}</span>
      </Text>
    </>
  );
}

/** Words quoted as someone wrote them (staff's reason), line by line: the text version sets each line off with "> ". */
export function Quote({ text, style }: { text: string; style?: CSSProperties }) {
  const lines = text.split(/\r?\n/);
  return (
    <blockquote
      style={{
        margin: '0 0 16px',
        padding: '8px 16px',
        borderLeft: '4px solid #cbd5e1',
        color: colors.ink,
        ...style,
      }}
    >
      {lines.map((line, index) => (
        <span key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </blockquote>
  );
}

export type CustomerEmailLayoutProps = {
  locale: Locale;
  /** The subject, also the HTML page's title. */
  subject: string;
  heading: string;
  supportEmail: string;
  children: ReactNode;
};

/**
 * The page around every customer e-mail: the brand line, the heading, the body, then the support line
 * and, small under a rule, what the disclosure says of who sends it: the seller, a private company,
 * not the IRS, which issues EINs free.
 */
export function CustomerEmailLayout({ locale, subject, heading, supportEmail, children }: CustomerEmailLayoutProps) {
  return (
    <html lang={locale}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{subject}</title>
      </Head>
      <Body
        style={{
          margin: 0,
          padding: '24px',
          background: '#f8fafc',
          color: colors.ink,
          fontFamily: 'Arial,Helvetica,sans-serif',
          fontSize: '16px',
          lineHeight: '1.5',
        }}
      >
        <Container
          style={{
            maxWidth: '560px',
            margin: '0 auto',
            background: '#ffffff',
            padding: '24px',
            borderRadius: '8px',
            overflowWrap: 'break-word',
          }}
        >
          <Text
            style={{
              margin: '0 0 16px',
              fontWeight: 'bold',
              color: colors.brand,
            }}
          >
            {seller.name}
          </Text>
          <Heading as="h1" style={{ fontSize: '22px', margin: '0 0 16px' }}>
            {heading}
          </Heading>
          {children}
          <Paragraph>
            {m.email_support_before({}, { locale })}
            <Link href={`mailto:${supportEmail}`} style={emailStyles.link}>
              {supportEmail}
            </Link>
            {m.email_support_after({}, { locale })}
          </Paragraph>
          <Hr style={{ borderColor: colors.rule, margin: '24px 0 16px' }} />
          <Text
            style={{
              margin: 0,
              fontSize: '13px',
              lineHeight: '1.5',
              color: colors.muted,
            }}
          >
            {customerDisclosure(locale)}
          </Text>
        </Container>
      </Body>
    </html>
  );
}

/**
 * What every customer e-mail says at its foot: who sends it (the seller's company), and that it is a
 * private service, not the IRS, which issues EINs free.
 */
export const customerDisclosure = (locale: Locale = baseLocale) => m.email_disclosure({ company: seller.legalName }, { locale });

/** An e-mail as the outbox takes it: its subject, and the HTML and the text of one component. */
export type RenderedEmail = { subject: string; html: string; text: string };

type TextBuilder = {
  addInline(text: string, options?: { noWordTransform?: boolean }): void;
  openBlock(options?: { leadingLineBreaks?: number }): void;
  closeBlock(options?: { trailingLineBreaks?: number }): void;
  addLineBreak(): void;
  pushWordTransform(transform: (word: string) => string): void;
  popWordTransform(): void;
};
type TextElement = {
  name?: string;
  attribs?: Record<string, string>;
  children: unknown[];
};

const elementsNamed = (nodes: unknown[], name: string): TextElement[] =>
  nodes.flatMap((node) => {
    const element = node as TextElement;
    if (element.name === name) return [element];
    return element.children ? elementsNamed(element.children, name) : [];
  });

/** A table of labels and values in the plain text: each row one line ("Sold by: EIN Filing Service LLC"). */
function lines(element: TextElement, walk: (nodes: unknown[], builder: TextBuilder) => void, builder: TextBuilder) {
  builder.openBlock({ leadingLineBreaks: 1 });
  for (const row of elementsNamed(element.children, 'tr')) {
    for (const cell of elementsNamed(row.children, 'td')) walk(cell.children, builder);
    builder.addLineBreak();
  }
  builder.closeBlock({ trailingLineBreaks: 1 });
}

/**
 * A link in the plain text: "Track your application: https://…", the address on the line a reader
 * copies it from; a mail address shown as its own text stays as it is.
 */
function labelledLink(element: TextElement, walk: (nodes: unknown[], builder: TextBuilder) => void, builder: TextBuilder) {
  const href = (element.attribs?.href ?? '').replace(/^mailto:/, '');
  let label = '';
  builder.pushWordTransform((word) => {
    label += word;
    return word;
  });
  walk(element.children, builder);
  builder.popWordTransform();
  if (href && href !== label) builder.addInline(label ? `: ${href}` : href, { noWordTransform: true });
}

// Headings keep their case; each row of a table marked `data-text-format="lines"` reads "Label: value" on one line; what is
// marked `data-skip-in-text` (an address the text already gives) is left out.
const plainText = {
  htmlToTextOptions: {
    selectors: [
      { selector: 'a', format: 'labelledLink' },
      { selector: 'h1', options: { uppercase: false, leadingLineBreaks: 2 } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'table[data-text-format="lines"]', format: 'lines' },
    ],
    formatters: { labelledLink, lines },
  },
} as unknown as { plainText: true };

/** Renders one e-mail component into its HTML and its plain text. */
export async function renderEmail(subject: string, element: ReactElement): Promise<RenderedEmail> {
  const [html, text] = await Promise.all([render(element), render(element, { ...plainText, plainText: true })]);
  return { subject, html, text: `${text.trim()}\n` };
}
