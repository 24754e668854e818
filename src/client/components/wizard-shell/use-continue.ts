import { useLocation, useNavigate } from 'react-router';
import type { SavedApplication } from '#shared/application/application.ts';
import { paths } from '#client/paths.ts';
import { useLocalizedPath } from '#client/lib/locale.ts';

/** The history state of a step opened from step 6's "Edit" link. */
export const returnToReviewState = { returnToReview: true } as const;

function opensFromReview(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { returnToReview?: unknown }).returnToReview === true;
}

/**
 * A step's Continue. Normally the next step; for a step opened from step 6's "Edit" link, straight back
 * to step 6 when the whole application, later pages included, still validates and the step says its
 * change leaves the later questions as they were (`laterQuestionsUnchanged`). Otherwise the next step,
 * still marked as coming from the review, so the first step whose answers are complete again returns.
 * The whole application's schema (every later step's rules) is loaded only then: step 1 would
 * otherwise carry the rules of steps 2 to 5 to every visitor (whole-application.ts). `nextPath` is a
 * path of `paths`: the visitor stays in the page's language.
 */
export function useContinue(nextPath: string): (saved: SavedApplication, laterQuestionsUnchanged?: boolean) => void {
  const navigate = useNavigate();
  const { state } = useLocation();
  const localized = useLocalizedPath();
  const fromReview = opensFromReview(state);
  return (saved, laterQuestionsUnchanged = true) => {
    const next = localized(nextPath);
    if (!fromReview) {
      navigate(next);
      return;
    }
    void import('./whole-application')
      .then(({ isWholeApplication }) => isWholeApplication(saved))
      .then(
        (whole) => {
          if (laterQuestionsUnchanged && whole) navigate(localized(paths.step6));
          else navigate(next, { state: returnToReviewState });
        },
        () => navigate(next, { state: returnToReviewState }),
      );
  };
}
