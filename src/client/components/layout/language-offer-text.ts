import type { Locale } from '#shared/i18n/locales.ts';
import {
  layout_language_offer as offerInEnglish,
  layout_language_offer_close as closeInEnglish,
  layout_language_offer_label as labelInEnglish,
} from '#messages/layout/en.json';
import {
  layout_language_offer as offerInSpanish,
  layout_language_offer_close as closeInSpanish,
  layout_language_offer_label as labelInSpanish,
} from '#messages/layout/es.json';

/**
 * The offer of the other language is written in that language, which the page's build does not
 * carry (each language's build holds only its own messages, decision 062): its three texts are read
 * straight from that language's catalog, and the bundler keeps only these three of it.
 */
export const languageOfferText: Record<Locale, { offer: string; label: string; close: string }> = {
  en: { offer: offerInEnglish, label: labelInEnglish, close: closeInEnglish },
  es: { offer: offerInSpanish, label: labelInSpanish, close: closeInSpanish },
};
