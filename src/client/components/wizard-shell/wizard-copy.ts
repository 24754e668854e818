/** Said beside the wizard on every step: who we are, and that the IRS issues EINs free. */
export const privateServiceNote =
  'EIN Filing Service is a private company, not the IRS. The IRS issues EINs free of charge; our fee covers preparing, reviewing and filing your application for you.';

// What the wizard may promise of the answers in progress: they are kept in this tab's sessionStorage,
// as typed, through Back, Forward and reloads; a new tab, or a tab closed and opened again, starts over.
/** The header's badge. */
export const answersKeptBadge = 'Kept in this tab';
/** The longer promise, where there is room for it. */
export const answersKeptText = 'Your answers are kept in this browser tab as you type. A new tab starts again.';
/** Step 1, opened from a later step's address with no answers in this tab. */
export const startedOverNotice = 'Your answers are kept only in the browser tab where you typed them, and this tab has none yet, so the application starts here, at step 1.';
