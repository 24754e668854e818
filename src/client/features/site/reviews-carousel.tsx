import { useRef, useState, type PointerEvent } from 'react';
import { ChevronLeft, ChevronRight, Star } from 'lucide-react';
import { formatTestimonialDate, sourceSiteName, type Testimonial } from '#shared/site/site-claims.ts';
import { m } from '#shared/i18n/messages.ts';
import { messagesTag } from '#client/components/disclosures/message-parts.tsx';

/** One card (304 px) plus the gap (16 px): each button press moves the list by exactly one card. */
export const carouselScrollStep = 320;

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

function Stars({ rating }: { rating: number }) {
  return (
    <div role="img" aria-label={m.site_reviews_stars({ rating: new Intl.NumberFormat(messagesTag()).format(rating) })} className="flex gap-0.5">
      {[1, 2, 3, 4, 5].map((star) => (
        <Star key={star} className={star <= rating ? 'size-4 fill-amber-400 text-amber-500' : 'size-4 text-slate-300'} aria-hidden="true" />
      ))}
    </div>
  );
}

/** Movement (in px) after which a mouse press counts as a drag rather than a click. */
const dragThreshold = 5;

/** The operator's testimonials (their file, decision 035), each attributed, dated and, when it was, linked to where it was published. */
export function ReviewsCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointerId: number; startX: number; startScrollLeft: number; moved: boolean } | null>(null);
  const [dragging, setDragging] = useState(false);

  function scrollByStep(direction: -1 | 1) {
    scroller.current?.scrollBy({ left: direction * carouselScrollStep, behavior: 'smooth' });
  }

  // Mouse drag scrolling; touch and pen keep the browser's native scrolling.
  function startDrag(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType !== 'mouse' || event.button !== 0) return;
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startScrollLeft: event.currentTarget.scrollLeft,
      moved: false,
    };
  }

  function moveDrag(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const distance = event.clientX - current.startX;
    if (!current.moved) {
      if (Math.abs(distance) < dragThreshold) return;
      current.moved = true;
      setDragging(true);
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    event.currentTarget.scrollLeft = current.startScrollLeft - distance;
  }

  function endDrag(event: PointerEvent<HTMLDivElement>) {
    if (!drag.current || drag.current.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
  }

  return (
    <div>
      <div
        ref={scroller}
        role="region"
        aria-label={m.site_reviews_region()}
        tabIndex={0}
        onPointerDown={startDrag}
        onPointerMove={moveDrag}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        className={`-mx-4 overflow-x-auto px-4 pb-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
          dragging ? 'cursor-grabbing select-none' : 'cursor-grab'
        }`}
      >
        <ul className="flex w-max gap-4">
          {testimonials.map((testimonial) => (
            <li
              key={`${testimonial.name}\n${testimonial.date}\n${testimonial.quote}`}
              className="flex w-76 shrink-0 flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <div className="flex min-h-4 items-center justify-between gap-2">
                {testimonial.rating === null ? <span /> : <Stars rating={testimonial.rating} />}
                <p className="text-xs text-slate-600">
                  <time dateTime={testimonial.date}>{formatTestimonialDate(testimonial.date, messagesTag())}</time>
                </p>
              </div>
              <blockquote className="mt-4 flex-1 text-sm leading-6 text-slate-700">
                <p>“{testimonial.quote}”</p>
              </blockquote>
              {testimonial.disclosure ? <p className="mt-3 text-xs text-slate-600">{testimonial.disclosure}</p> : null}
              <div className="mt-6 flex items-center gap-3">
                <span
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-900"
                  aria-hidden="true"
                >
                  {initials(testimonial.name)}
                </span>
                <div className="min-w-0 text-sm">
                  <p className="font-semibold text-slate-900">{testimonial.name}</p>
                  {testimonial.business ? <p className="text-slate-600">{testimonial.business}</p> : null}
                  {testimonial.sourceUrl ? (
                    <a href={testimonial.sourceUrl} rel="noopener noreferrer" className="text-xs font-medium text-brand-700 underline">
                      {m.site_reviews_published_on({ site: sourceSiteName(testimonial.sourceUrl) })}
                    </a>
                  ) : null}
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-4 flex justify-center gap-3">
        <button
          type="button"
          onClick={() => scrollByStep(-1)}
          aria-label={m.site_reviews_previous()}
          className="flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <ChevronLeft className="size-5" aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={() => scrollByStep(1)}
          aria-label={m.site_reviews_next()}
          className="flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <ChevronRight className="size-5" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
