// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ReviewsCarousel } from './reviews-carousel';

afterEach(cleanup);

describe('ReviewsCarousel', () => {
  const scrollBy = vi.fn();

  beforeEach(() => {
    scrollBy.mockReset();
    Element.prototype.scrollBy = scrollBy as unknown as Element['scrollBy'];
  });

  it('scrolls the list by 320 px with the Next and Previous buttons', () => {
    render(<ReviewsCarousel />);
    const region = screen.getByRole('region', { name: /customer reviews/i });

    fireEvent.click(screen.getByRole('button', { name: 'Next reviews' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 320, behavior: 'smooth' });
    expect(scrollBy.mock.contexts[0]).toBe(region);

    fireEvent.click(screen.getByRole('button', { name: 'Previous reviews' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -320, behavior: 'smooth' });
    expect(scrollBy).toHaveBeenCalledTimes(2);
  });

  it('lets keyboard users focus the scrollable list', () => {
    render(<ReviewsCarousel />);
    expect(screen.getByRole('region', { name: /customer reviews/i })).toHaveProperty('tabIndex', 0);
  });

  it('shows sample reviews with a rating label, a relative date and initials', () => {
    render(<ReviewsCarousel />);
    const cards = screen.getAllByRole('listitem');
    expect(cards.length).toBeGreaterThanOrEqual(6);
    expect(screen.getAllByRole('img', { name: 'Rated 5 out of 5 stars' })).toHaveLength(cards.length);
    expect(cards[0]?.textContent).toContain('Maria Gonzalez');
    expect(cards[0]?.textContent).toContain('MG');
    expect(cards[0]?.textContent).toContain('2 weeks ago');
  });

  it('scrolls by dragging with the mouse', () => {
    render(<ReviewsCarousel />);
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
    render(<ReviewsCarousel />);
    const region = screen.getByRole('region', { name: /customer reviews/i });
    region.scrollLeft = 0;
    fireEvent.pointerDown(region, { pointerId: 2, pointerType: 'touch', button: 0, clientX: 300 });
    fireEvent.pointerMove(region, { pointerId: 2, pointerType: 'touch', clientX: 100 });
    expect(region.scrollLeft).toBe(0);
  });
});
