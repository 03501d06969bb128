import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithStore } from 'shared/testing';
import { PhotoCarousel } from './PhotoCarousel';

const images = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `/storage/v1/object/public/listing-photos/scenes/scene-00${n}-800.webp`);

function renderCarousel() {
  const scrolls: number[] = [];
  const utils = renderWithStore(<PhotoCarousel title="Cottage" images={images} onOpenGallery={() => undefined} />, { path: '/house/1', route: '/house/:id' });
  const track = screen.getByRole('list');
  Object.defineProperty(track, 'clientWidth', { value: 375 });
  track.scrollTo = ((options: ScrollToOptions) => scrolls.push(options.left ?? 0)) as typeof track.scrollTo;
  return { ...utils, scrolls, track };
}

describe('PhotoCarousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the first seven photos', () => {
    renderCarousel();
    expect(screen.getAllByRole('img')).toHaveLength(7);
    expect(screen.getByRole('list')).toHaveAccessibleName('Photos, 1 of 7');
  });

  it('advances every 5 seconds until paused', () => {
    const { scrolls } = renderCarousel();
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(scrolls).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(scrolls).toEqual([375]);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(scrolls).toEqual([375]);
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();
  });

  it('stops for good once the visitor swipes', () => {
    const { scrolls, track } = renderCarousel();
    fireEvent.touchStart(track);
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(scrolls).toEqual([]);
  });
});
