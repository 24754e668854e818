// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ReviewsCarousel } from './reviews-carousel';
import { configuredSiteClaims } from '#tests/support/site-claims.ts';

const testimonials = configuredSiteClaims.testimonials;

afterEach(cleanup);

describe('ReviewsCarousel', () => {
  const scrollBy = vi.fn();

  beforeEach(() => {
    scrollBy.mockReset();
    Element.prototype.scrollBy = scrollBy as unknown as Element['scrollBy'];
  });

  it('scrolls the list by 320 px with the Next and Previous buttons', () => {
    render(<ReviewsCarousel testimonials={testimonials} />);
    const region = screen.getByRole('region', { name: /customer reviews/i });

    fireEvent.click(screen.getByRole('button', { name: 'Next reviews' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 320, behavior: 'smooth' });
    expect(scrollBy.mock.contexts[0]).toBe(region);

    fireEvent.click(screen.getByRole('button', { name: 'Previous reviews' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -320, behavior: 'smooth' });
    expect(scrollBy).toHaveBeenCalledTimes(2);
  });

  it('lets keyboard users focus the scrollable list', () => {
    render(<ReviewsCarousel testimonials={testimonials} />);
    expect(screen.getByRole('region', { name: /customer reviews/i })).toHaveProperty('tabIndex', 0);
  });

  it('shows the operator’s testimonials, each attributed and dated, with its stars, source and disclosure when it has them', () => {
    render(<ReviewsCarousel testimonials={testimonials} />);
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(testimonials.length);
    const [first, second, third] = cards.map((card) => within(card));

    expect(cards[0]?.textContent).toContain(`“${testimonials[0]?.quote}”`);
    expect(first?.getByText('Dana Whitfield')).toBeTruthy();
    expect(first?.getByText('Whitfield Joinery LLC')).toBeTruthy();
    expect(first?.getByText('DW')).toBeTruthy();
    expect(first?.getByText('March 2025').getAttribute('datetime')).toBe('2025-03-14');
    expect(first?.getByRole('img', { name: 'Rated 5 out of 5 stars' })).toBeTruthy();
    expect(first?.getByRole('link', { name: 'Published on trustpilot.com' }).getAttribute('href')).toBe(testimonials[0]?.sourceUrl);

    expect(second?.getByRole('img', { name: 'Rated 4 out of 5 stars' })).toBeTruthy();
    expect(second?.queryByRole('link')).toBeNull();

    // No rating given, none shown; the customer's connection to the business is said.
    expect(third?.queryByRole('img')).toBeNull();
    expect(cards[2]?.textContent).toContain('Lena received a free filing in return for her feedback.');
  });

  it('scrolls by dragging with the mouse', () => {
    render(<ReviewsCarousel testimonials={testimonials} />);
    const region = screen.getByRole('region', { name: /customer reviews/i });
    region.setPointerCapture = vi.fn();
    region.hasPointerCapture = vi.fn(() => true);
    region.releasePointerCapture = vi.fn();
    region.scrollLeft = 400;

    fireEvent.pointerDown(region, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 500 });
    fireEvent.pointerMove(region, { pointerId: 1, pointerType: 'mouse', clientX: 350 });
    expect(region.scrollLeft).toBe(550);
    fireEvent.pointerUp(region, { pointerId: 1, pointerType: 'mouse', clientX: 350 });

    fireEvent.pointerMove(region, { pointerId: 1, pointerType: 'mouse', clientX: 100 });
    expect(region.scrollLeft).toBe(550);
  });

  it('leaves touch scrolling to the browser', () => {
    render(<ReviewsCarousel testimonials={testimonials} />);
    const region = screen.getByRole('region', { name: /customer reviews/i });
    region.scrollLeft = 0;
    fireEvent.pointerDown(region, { pointerId: 2, pointerType: 'touch', button: 0, clientX: 300 });
    fireEvent.pointerMove(region, { pointerId: 2, pointerType: 'touch', clientX: 100 });
    expect(region.scrollLeft).toBe(0);
  });
});
