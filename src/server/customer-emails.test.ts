import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openTestDatabase, testDatabaseKinds } from '#tests/support/database.ts';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { emailOutbox, type Database } from './db';
import { queueOrderConfirmation } from './checkout';
import { queueCancelledEmail, queueEinEmail, queueOnHoldEmail } from './orders';
import { signatureRequestEmail, signedCopyEmail } from './signing';
import { linkCodeEmail } from './link-codes';
import { einLetterLinkEmail } from './filing';
import { cancellationConfirmationEmail, refundConfirmationEmail } from './refunds';
import { customerPageUrl, orderLocale } from './email';
import type { Locale } from '#shared/i18n/locales.ts';

// Every customer e-mail speaks the order's language: its subject, its body (HTML and text, both from
// one component), its dates and its links to the customer's pages.

const origin = 'https://ein.example.com';
const env = {
  PUBLIC_URL: origin,
  PORT: 3000,
  SUPPORT_EMAIL: 'support@example.com',
};
const expiresAt = new Date('2026-03-05T14:30:00Z');

/** Per language: a sentence each kind's body says, and its subject's start. */
const words: Record<Locale, Record<string, { subject: RegExp; sentence: string }>> = {
  en: {
    order_confirmation: {
      subject: /^Order confirmed: your EIN application /,
      sentence: 'We have received your payment and your EIN application for',
    },
    on_hold: {
      subject: /is on hold$/,
      sentence: 'We have paused work on your EIN application',
    },
    cancelled: {
      subject: /has been cancelled$/,
      sentence: 'We will not file it with the IRS.',
    },
    ein: {
      subject: /^Your EIN is ready/,
      sentence: 'Good news: the IRS has issued your Employer Identification Number (EIN).',
    },
    signature_request: {
      subject: /^Action needed: sign your SS-4/,
      sentence: 'is ready for your signature.',
    },
    signature_reminder: {
      subject: /^Reminder: please sign your SS-4/,
      sentence: 'We have not received your signature yet.',
    },
    signature_again: {
      subject: /^Action needed: please sign your SS-4 again/,
      sentence: 'We have set that signature aside',
    },
    signed_copy: {
      subject: /^Your signed SS-4/,
      sentence: 'Here is your copy to keep.',
    },
    verification_code: {
      subject: /^Your code to open and sign your SS-4/,
      sentence: 'Here is your code to open and sign your SS-4.',
    },
    ein_letter_link: {
      subject: /^A new link to your EIN letter/,
      sentence: 'Here is a new link to your EIN letter',
    },
    refund_confirmation: {
      subject: /^Refund of \$50\.00/,
      sentence: 'We have refunded $50.00 of your payment',
    },
    cancellation_confirmation: {
      subject: /^Order cancelled: /,
      sentence: 'As you asked, we have cancelled your order',
    },
  },
  es: {
    order_confirmation: {
      subject: /^Pedido confirmado: su solicitud de EIN /,
      sentence: 'Hemos recibido su pago y su solicitud de EIN para',
    },
    on_hold: {
      subject: /está en espera$/,
      sentence: 'Hemos pausado el trámite de su solicitud de EIN',
    },
    cancelled: {
      subject: /ha sido cancelada$/,
      sentence: 'No la presentaremos ante el IRS.',
    },
    ein: {
      subject: /^Su EIN está listo/,
      sentence: 'Buenas noticias: el IRS le ha asignado su número de identificación del empleador (EIN).',
    },
    signature_request: {
      subject: /^Acción necesaria: firme su SS-4/,
      sentence: 'está lista para su firma.',
    },
    signature_reminder: {
      subject: /^Recordatorio: firme su SS-4/,
      sentence: 'Todavía no hemos recibido su firma.',
    },
    signature_again: {
      subject: /^Acción necesaria: firme de nuevo su SS-4/,
      sentence: 'Hemos dejado sin efecto esa firma',
    },
    signed_copy: {
      subject: /^Su SS-4 firmado/,
      sentence: 'Aquí tiene su copia para guardar.',
    },
    verification_code: {
      subject: /^Su código para abrir y firmar su SS-4/,
      sentence: 'Este es su código para abrir y firmar su SS-4.',
    },
    ein_letter_link: {
      subject: /^Un nuevo enlace a su carta del EIN/,
      sentence: 'Este es un nuevo enlace a su carta del EIN',
    },
    refund_confirmation: {
      subject: /^Reembolso de \$50\.00/,
      sentence: 'Le hemos reembolsado $50.00 de su pago',
    },
    cancellation_confirmation: {
      subject: /^Pedido cancelado: /,
      sentence: 'Como lo pidió, hemos cancelado su pedido',
    },
  },
};

/** What every customer e-mail says at its foot, per language. */
const disclosure: Record<Locale, string> = {
  en: 'is a private company, not the IRS',
  es: 'es una empresa privada, no el Servicio de Impuestos Internos (IRS)',
};
const spanishDate = '5 de marzo de 2026';

describe.each(testDatabaseKinds)('the customer e-mails in the order\u2019s language (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it.each(['en', 'es'] as const)('writes every kind in %s, HTML and text from one component, with its links in that language', async (locale) => {
    const order = await createPaidOrder(database.db, {
      locale,
      billingEmail: `words-${locale}-${kind}@example.com`,
      ein: '12-3456789',
      holdReason: 'We need your articles.\nA PDF is fine.',
    });
    expect(orderLocale(order.locale)).toBe(locale);
    const db = database.db;
    const queued = {
      order_confirmation: await db.transaction((tx) =>
        queueOrderConfirmation(tx, {
          env,
          order,
          cancellation: { url: `${origin}/cancel-order/abc`, expiresAt },
        }),
      ),
      on_hold: await db.transaction((tx) => queueOnHoldEmail(tx, { order, env, origin })),
      cancelled: await db.transaction((tx) => queueCancelledEmail(tx, { order, env, origin })),
      ein: await db.transaction((tx) =>
        queueEinEmail(tx, order, {
          origin,
          env,
          now: new Date(),
          letterPath: '/ein-letter/token',
        }),
      ),
    };
    const rendered: Record<string, { subject: string; html: string; text: string }> = {};
    for (const [name, id] of Object.entries(queued)) {
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      rendered[name] = {
        subject: row!.subject,
        html: row!.htmlBody ?? '',
        text: row!.textBody,
      };
    }
    const customer = {
      trackingNumber: order.applicationId,
      companyName: 'Hill Country Woodworks LLC',
      supportEmail: env.SUPPORT_EMAIL,
      locale,
    };
    const signingUrl = customerPageUrl(origin, '/sign/token', locale);
    const signing = {
      ...customer,
      signingUrl,
      expiresAt,
      timeZone: 'America/Chicago',
    };
    Object.assign(rendered, {
      signature_request: await signatureRequestEmail({
        ...signing,
        kind: 'request',
      }),
      signature_reminder: await signatureRequestEmail({
        ...signing,
        kind: 'reminder',
      }),
      signature_again: await signatureRequestEmail({
        ...signing,
        kind: 'again',
        again: { reason: 'The name was misspelled.', signedAt: expiresAt },
      }),
      signed_copy: await signedCopyEmail({
        ...customer,
        documentUrl: customerPageUrl(origin, '/signed-ss4/token', locale),
        expiresAt,
      }),
      verification_code: await linkCodeEmail({
        ...customer,
        code: '042917',
        purpose: 'signing',
      }),
      ein_letter_link: await einLetterLinkEmail({
        ...customer,
        letterUrl: customerPageUrl(origin, '/ein-letter/token', locale),
      }),
      refund_confirmation: await refundConfirmationEmail({
        ...customer,
        amountCents: 5000,
        totalRefundedCents: 5000,
        paidCents: 14900,
        orderCancelled: false,
        trackingUrl: customerPageUrl(origin, '/track-application', locale),
      }),
      cancellation_confirmation: await cancellationConfirmationEmail({
        ...customer,
        amountCents: 14900,
        totalRefundedCents: 14900,
        paidCents: 14900,
        orderCancelled: true,
        trackingUrl: customerPageUrl(origin, '/track-application', locale),
      }),
    });

    for (const [name, expected] of Object.entries(words[locale])) {
      const email = rendered[name]!;
      expect(email.subject, name).toMatch(expected.subject);
      expect(email.html, name).toContain(`<html lang="${locale}">`);
      // The one component gives both: the same sentence in the HTML and in the text.
      for (const body of [email.html, email.text]) {
        expect(body, name).toContain(expected.sentence);
        expect(body, name).toContain(disclosure[locale]);
        expect(body, name).toContain(order.applicationId);
      }
      // Every link to a customer page is in the order's language.
      const links = [...email.html.matchAll(/href="(https:\/\/ein\.example\.com[^"]*)"/g)].map((match) => match[1]!);
      for (const link of links) {
        const path = new URL(link.replace(/&amp;/g, '&')).pathname;
        if (locale === 'es') expect(path, `${name}: ${link}`).toMatch(/^\/es\//);
        else expect(path, `${name}: ${link}`).not.toMatch(/^\/es\//);
      }
    }

    // The queued e-mails link to the pages of their language, with dates in its words.
    const confirmation = rendered.order_confirmation!;
    const tracking = locale === 'es' ? `${origin}/es/track-application?number=${order.applicationId}` : `${origin}/track-application?number=${order.applicationId}`;
    expect(confirmation.text).toContain(tracking);
    expect(confirmation.text).toContain(locale === 'es' ? `${origin}/es/cancel-order/abc` : `${origin}/cancel-order/abc`);
    expect(rendered.ein!.text).toContain(locale === 'es' ? `${origin}/es/ein-letter/token` : `${origin}/ein-letter/token`);
    expect(rendered.signature_request!.text).toContain(signingUrl);
    if (locale === 'es') {
      expect(confirmation.text).toContain(spanishDate);
      expect(rendered.signature_request!.text).toContain(spanishDate);
      expect(rendered.on_hold!.text).toContain('> We need your articles.\n> A PDF is fine.');
    } else {
      expect(confirmation.text).toContain('March 5, 2026 at 8:30 AM CST');
    }
  });
});
