import { render, screen } from '@testing-library/react';
import type { RoomReviews } from '../api';
import { ReviewsView } from './Reviews';

const REVIEWS: RoomReviews = {
  scores: { cleanliness: 4.9, accuracy: 5, check_in: 4.8, communication: 5, location: 4.2, value: 4.5 },
  latest: [
    { id: 7, author_name: 'Ada', author_location: '', body: 'Lovely and quiet.', created_at: '2026-11-20T10:00:00Z' },
    { id: 3, author_name: 'Maya', author_location: 'Lisbon, Portugal', body: 'Spotless.', created_at: '2026-10-02T10:00:00Z' },
  ],
};

type Props = Parameters<typeof ReviewsView>[0];

function renderReviews(overrides: Partial<Props>) {
  const props: Props = {
    rating: 4.87,
    ratingCount: '(18)',
    guestFavorite: '',
    ratingText: '4.87',
    reviewsText: '18 reviews',
    reviews: REVIEWS,
    ...overrides,
  };
  return render(<ReviewsView {...props} />);
}

const reviewCards = () => screen.queryAllByRole('listitem');

describe('Reviews', () => {
  it("shows the listing's latest written reviews with their author and month", () => {
    renderReviews({});
    expect(reviewCards()).toHaveLength(2);
    expect(reviewCards()[0]).toHaveTextContent('AdaNovember 2026Lovely and quiet.');
    expect(reviewCards()[1]).toHaveTextContent('MayaLisbon, PortugalOctober 2026Spotless.');
  });

  it("shows the summary with the categories' averages", () => {
    renderReviews({});
    const scores = screen.getByText('Cleanliness').closest('dl')!;
    expect(scores).toHaveTextContent('Cleanliness4.9Accuracy5.0Check-in4.8Communication5.0Location4.2Value4.5');
  });

  // The CSS hides a wideSummary below 824px (the browser's part: jsdom applies no media queries).
  it('marks the summary for wide screens only unless the listing is a guest favourite', () => {
    const { rerender } = renderReviews({});
    const summaryOf = () => screen.getByText('Cleanliness').closest('dl')!.parentElement!;
    expect(summaryOf()).toHaveClass('wideSummary');
    expect(screen.queryByText('Guest favourite')).not.toBeInTheDocument();
    rerender(
      <ReviewsView rating={4.87} ratingCount="(18)" guestFavorite="Guest favourite" ratingText="4.87" reviewsText="18 reviews" reviews={REVIEWS} />,
    );
    expect(summaryOf()).not.toHaveClass('wideSummary');
    expect(screen.getByText('Guest favourite')).toBeInTheDocument();
  });

  it('says there are no reviews yet, with no figures, before the first is published', () => {
    renderReviews({ rating: null, ratingCount: '', reviewsText: '', reviews: { scores: null, latest: [] } });
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/^Reviews$/);
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByText('Cleanliness')).not.toBeInTheDocument();
    expect(reviewCards()).toHaveLength(0);
  });

  it('titles the section with the rating only when it is above 2', () => {
    const { rerender } = renderReviews({});
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('4.87 · 18 reviews');
    rerender(
      <ReviewsView rating={2} ratingCount="(18)" guestFavorite="" ratingText="2" reviewsText="18 reviews" reviews={REVIEWS} />,
    );
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/^18 reviews$/);
  });
});
