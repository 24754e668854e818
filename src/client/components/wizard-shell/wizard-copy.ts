import { m } from '#shared/i18n/messages.ts';

// Each text is its message function, called as the page renders, so it speaks the page's language.

/** Said beside the wizard on every step: who we are, and that the IRS issues EINs free. */
export const privateServiceNote = m.wizard_private_service_note;

// What the wizard may promise of the answers in progress: they are kept in this tab's sessionStorage,
// as typed, through Back, Forward and reloads; a new tab, or a tab closed and opened again, starts over.
/** The header's badge. */
export const answersKeptBadge = m.wizard_answers_kept_badge;
/** The longer promise, where there is room for it. */
export const answersKeptText = m.wizard_answers_kept_text;
/** Step 1, opened from a later step's address with no answers in this tab. */
export const startedOverNotice = m.wizard_started_over_notice;
