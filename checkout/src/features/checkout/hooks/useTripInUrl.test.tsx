import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, format } from 'date-fns';
import { renderWithStore } from 'shared/testing';
import { tripGuestLabel } from '../trip';
import { useTripInUrl } from './useTripInUrl';

const iso = (offset: number) => format(addDays(new Date(), offset), 'yyyy-MM-dd');

/** The booking page's trip, reduced to its text and two edits. */
function TripPage() {
  const { trip, setTrip } = useTripInUrl();
  return (
    <>
      <p>
        {trip.range.start ?? 'no start'} to {trip.range.end ?? 'no end'}, {tripGuestLabel(trip)}
      </p>
      <button type="button" onClick={() => setTrip({ ...trip, range: { start: iso(30), end: iso(32) } })}>
        Other dates
      </button>
      <button type="button" onClick={() => setTrip({ ...trip, guests: { ...trip.guests, children: 2 } })}>
        Two children
      </button>
    </>
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('the trip in the booking page URL', () => {
  it('is the stay the link carries; the edits replace the URL', async () => {
    renderWithStore(<TripPage />, { path: `/7/book?checkin=${iso(10)}&checkout=${iso(13)}&adults=2`, route: '/:id/book' });
    expect(screen.getByText(`${iso(10)} to ${iso(13)}, 2 guests`)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Other dates' }));
    expect(location()).toBe(`/7/book?checkin=${iso(30)}&checkout=${iso(32)}&adults=2`);
    expect(screen.getByText(`${iso(30)} to ${iso(32)}, 2 guests`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Two children' }));
    expect(location()).toBe(`/7/book?checkin=${iso(30)}&checkout=${iso(32)}&adults=2&children=2`);
  });

  it('books one adult when the link counts nobody, and cleans what the rules refuse', () => {
    renderWithStore(<TripPage />, { path: `/7/book?checkin=${iso(-2)}&checkout=${iso(3)}&infants=9&where=Oslo`, route: '/:id/book' });
    expect(screen.getByText(`no start to ${iso(3)}, 1 guest`)).toBeInTheDocument();
    expect(location()).toBe(`/7/book?checkout=${iso(3)}&adults=1&infants=5`);
  });
});
