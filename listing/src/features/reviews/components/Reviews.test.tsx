import { render, screen } from '@testing-library/react';
import { Reviews, type ReviewsProps } from './Reviews';

function renderReviews(overrides: Partial<ReviewsProps>) {
  const props: ReviewsProps = {
    rating: 4.87,
    ratingCount: '(18)',
    guestFavorite: '',
    viewportWidth: 1280,
    ratingText: '4.87',
    reviewsText: '18 reviews',
    ...overrides,
  };
  return render(<Reviews {...props} />);
}

const reviewCards = () => screen.queryAllByRole('listitem');

describe('Reviews', () => {
  it('shows the four sample reviews when rating_count holds a number above 10', () => {
    renderReviews({ ratingCount: '(11)' });
    expect(reviewCards()).toHaveLength(4);
  });

  it('shows no review cards at 10 reviews or fewer, or with no number at all', () => {
    const { rerender } = renderReviews({ ratingCount: '10 reviews' });
    expect(reviewCards()).toHaveLength(0);
    rerender(<Reviews rating={4.87} ratingCount="New" guestFavorite="" viewportWidth={1280} ratingText="4.87" reviewsText="New" />);
    expect(reviewCards()).toHaveLength(0);
  });

  it('shows the summary with the fixed category scores from 824px', () => {
    renderReviews({ viewportWidth: 824 });
    const scores = screen.getByText('Cleanliness').closest('dl')!;
    expect(scores).toHaveTextContent('Cleanliness5.0Accuracy5.0Check-in5.0Communication5.0Location4.9Value4.9');
  });

  it('shows no category scores for a place nobody rated (a new host\'s)', () => {
    renderReviews({ rating: null, ratingCount: '', ratingText: '', reviewsText: '' });
    expect(screen.queryByText('Cleanliness')).not.toBeInTheDocument();
    expect(screen.getByText('Reviews show here once this place has more than 10 of them.')).toBeInTheDocument();
  });

  it('hides the summary below 824px unless the listing is a guest favourite', () => {
    const { rerender } = renderReviews({ viewportWidth: 823 });
    expect(screen.queryByText('Cleanliness')).not.toBeInTheDocument();
    rerender(
      <Reviews
        rating={4.87}
        ratingCount="(18)"
        guestFavorite="Guest favourite"
        viewportWidth={375}
        ratingText="4.87"
        reviewsText="18 reviews"
      />,
    );
    expect(screen.getByText('Cleanliness')).toBeInTheDocument();
    expect(screen.getByText('Guest favourite')).toBeInTheDocument();
  });

  it('titles the section with the rating only when it is above 2', () => {
    const { rerender } = renderReviews({});
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('4.87 · 18 reviews');
    rerender(<Reviews rating={2} ratingCount="(18)" guestFavorite="" viewportWidth={1280} ratingText="2" reviewsText="18 reviews" />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/^Reviews$/);
  });
});
