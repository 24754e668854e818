import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CircleAlert } from 'lucide-react';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { PageMeta } from '#client/components/seo/page-meta.tsx';
import { paths } from '#client/paths.ts';
import { normalizeTrackingInput, trackingNumberLength, trackingNumberSchema } from '#shared/tracking/tracking.ts';
import { TrackingForm } from './tracking-form';
import { TrackingResultCard } from './tracking-result-card';
import { useTrackingLookup } from './use-tracking-lookup';
import { customerStatusLabels } from './status-labels';
import { m } from '#shared/i18n/messages.ts';

/** The 12-character number in the address (uppercased), or '' when there is none of that length. */
function numberFromAddress(searchParams: URLSearchParams): string {
  const number = normalizeTrackingInput(searchParams.get('number') ?? '');
  return number.length === trackingNumberLength ? number : '';
}

/**
 * `/track-application`: the lookup form and the order's status. The address's `number` is the
 * number being looked up, so a shared or reloaded link shows the same status.
 */
export function TrackingPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromAddress = numberFromAddress(searchParams);
  const lookupNumber = fromAddress && trackingNumberSchema.safeParse(fromAddress).success ? fromAddress : null;
  const { result, problem, looking, lookUpAgain } = useTrackingLookup(lookupNumber);
  // Set when a new lookup is asked for, so the previous result (or message) is not shown under the
  // new number's error; cleared once the lookup runs.
  const [stale, setStale] = useState(false);

  useEffect(() => {
    // Opened from the bottom of another page (the confirmation's Track Application): start at the top.
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, []);

  function lookUp(number: string) {
    setStale(false);
    if (number === lookupNumber) lookUpAgain();
    else setSearchParams({ number }, { replace: true });
  }

  const pageProblem = !stale && problem && (problem.kind === 'not_found' || problem.kind === 'rate_limited') ? problem : null;
  const showResult = result !== null && lookupNumber !== null && !pageProblem && !stale && !looking;

  return (
    <PublicLayout>
      <PageMeta
        title={m.tracking_page_title()}
        description={m.tracking_page_description()}
        path={paths.track}
      />
      <div className="bg-brand-50 px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
        <div className="mx-auto max-w-3xl">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{m.tracking_heading()}</h1>
          <p className="mt-3 text-lg text-slate-700">{m.tracking_lead()}</p>
        </div>
      </div>

      <div className="px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
        <div className="mx-auto max-w-3xl space-y-6">
          <TrackingForm
            initialNumber={fromAddress}
            validateInitial={fromAddress !== '' && lookupNumber === null}
            looking={looking}
            serverError={!stale && problem?.kind === 'invalid' ? problem.message : undefined}
            onLookUpStart={() => setStale(true)}
            onLookUp={lookUp}
          />

          <p role="status" className="sr-only">
            {looking
              ? m.tracking_looking_up()
              : showResult
                ? m.tracking_result_announcement({ number: lookupNumber, status: customerStatusLabels[result.status]() })
                : ''}
          </p>
          <div aria-busy={looking}>
            {pageProblem ? (
              <div role="alert" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
                <CircleAlert className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
                <p>{pageProblem.message}</p>
              </div>
            ) : null}
            {showResult ? (
              <TrackingResultCard trackingNumber={lookupNumber} result={result} />
            ) : null}
          </div>

          <p className="text-sm text-slate-600">{m.tracking_disclaimer()}</p>
        </div>
      </div>
    </PublicLayout>
  );
}
