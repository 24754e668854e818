import { useRef, useState, type PointerEvent } from 'react';
import { ChevronLeft, ChevronRight, Star } from 'lucide-react';

/** One card (304 px) plus the gap (16 px): each button press moves the list by exactly one card. */
export const carouselScrollStep = 320;

/** Fixed sample entries (spec section 3), not collected content. */
const reviews = [
  {
    name: 'Maria Gonzalez',
    business: 'Sunrise Bakery LLC',
    text: 'I expected the paperwork to take all afternoon. The form took a few minutes and my EIN arrived the next morning, in time to open the business account.',
    date: '2 weeks ago',
  },
  {
    name: 'James Carter',
    business: 'Carter Home Renovations',
    text: 'The questions were explained in plain English. Support answered my e-mail about the responsible party within the hour.',
    date: '3 weeks ago',
  },
  {
    name: 'Priya Patel',
    business: 'Patel Consulting Group',
    text: 'As a first-time business owner I was not sure which entity type to pick. The step-by-step form made it clear and the review caught a mistake in my address.',
    date: '1 month ago',
  },
  {
    name: 'David Kim',
    business: 'Kim Logistics Inc.',
    text: 'We needed an EIN quickly to hire our first drivers. The tracking number let me check the status without calling anyone.',
    date: '1 month ago',
  },
  {
    name: 'Ashley Robinson',
    business: 'Bloom Floral Studio',
    text: 'Clear, fast and friendly. I liked that they told me up front that the IRS offers the application for free and what I was paying for instead.',
    date: '2 months ago',
  },
  {
    name: 'Michael Thompson',
    business: 'Thompson Family Trust',
    text: 'Setting up the trust EIN felt intimidating. The guided questions covered everything the IRS asked for and the number came through the next business day.',
    date: '2 months ago',
  },
  {
    name: 'Sofia Ramirez',
    business: 'Ramirez Cleaning Services',
    text: 'I filled everything in on my phone during lunch. It saved my progress when I had to step away, and the EIN e-mail arrived the following day.',
    date: '3 months ago',
  },
  {
    name: 'Robert Nguyen',
    business: 'Nguyen Auto Repair',
    text: 'Straightforward service. The bank accepted the EIN confirmation letter without any questions.',
    date: '4 months ago',
  },
] as const;

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** Movement (in px) after which a mouse press counts as a drag rather than a click. */
const dragThreshold = 5;

export function ReviewsCarousel() {
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
        aria-label="Customer reviews, scrollable"
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
          {reviews.map((review) => (
            <li key={review.name} className="flex w-76 shrink-0 flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center justify-between gap-2">
                <div role="img" aria-label="Rated 5 out of 5 stars" className="flex gap-0.5">
                  {[1, 2, 3, 4, 5].map((star) => (
                    <Star key={star} className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
                  ))}
                </div>
                <p className="text-xs text-slate-600">{review.date}</p>
              </div>
              <blockquote className="mt-4 flex-1 text-sm leading-6 text-slate-700">
                <p>“{review.text}”</p>
              </blockquote>
              <div className="mt-6 flex items-center gap-3">
                <span
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-900"
                  aria-hidden="true"
                >
                  {initials(review.name)}
                </span>
                <div className="min-w-0 text-sm">
                  <p className="font-semibold text-slate-900">{review.name}</p>
                  <p className="text-slate-600">{review.business}</p>
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
          aria-label="Previous reviews"
          className="flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <ChevronLeft className="size-5" aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={() => scrollByStep(1)}
          aria-label="Next reviews"
          className="flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <ChevronRight className="size-5" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
