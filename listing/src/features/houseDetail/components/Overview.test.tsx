import { render, screen } from '@testing-library/react';
import { testRoom } from '../../../test/room';
import { Overview } from './Overview';

describe('Overview', () => {
  it("shows the 'Guest favourite' badge only for guest_favorite 'Guest favourite'", () => {
    const { rerender } = render(<Overview room={testRoom({ guest_favorite: 'Guest favourite' })} />);
    expect(screen.getByText('Guest favourite')).toBeInTheDocument();
    rerender(<Overview room={testRoom({ guest_favorite: '' })} />);
    expect(screen.queryByText('Guest favourite')).not.toBeInTheDocument();
    rerender(<Overview room={testRoom({ guest_favorite: 'guest favourite' })} />);
    expect(screen.queryByText('Guest favourite')).not.toBeInTheDocument();
  });

  it('shows the rating and star only when the rating is above 2', () => {
    const { rerender } = render(<Overview room={testRoom({ house_rating: 2.01, rating_count: '(18)' })} />);
    expect(screen.getByText('18 reviews')).toBeInTheDocument();
    expect(screen.getByText(/Rated/).parentElement).toHaveTextContent('Rated 2.01');
    rerender(<Overview room={testRoom({ house_rating: 2, rating_count: '(18)' })} />);
    expect(screen.queryByText('18 reviews')).not.toBeInTheDocument();
    expect(screen.queryByText(/Rated/)).not.toBeInTheDocument();
  });

  it('lists what the place is and how many it sleeps', () => {
    render(<Overview room={testRoom()} />);
    expect(screen.getByRole('heading', { name: 'Entire cottage in Lisbon, Portugal' })).toBeInTheDocument();
    expect(screen.getByText('4 guests · 2 bedrooms · 2 beds · 1 bath')).toBeInTheDocument();
  });
});
