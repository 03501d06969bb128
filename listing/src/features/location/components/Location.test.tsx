import { act, screen } from '@testing-library/react';
import { setUserData } from 'shared/state';
import { renderWithStore, type Read } from 'shared/testing';
import { testRoom } from '../../../test/room';
import { Location } from './Location';

const EXACT = { address: 'Rua das Flores 12', lat: 38.7105, lng: -9.1425 };

function renderLocation({ signedIn, exact }: { signedIn: boolean; exact: typeof EXACT | null }) {
  const rendered = renderWithStore(<Location room={testRoom()} />, {
    answer: (read: Read) => (read.table === 'room_locations' ? { data: exact ? [exact] : [] } : { data: [] }),
  });
  if (signedIn) {
    act(() => {
      rendered.store.dispatch(setUserData({ id: 'u', email: 'ada@example.com', name: 'Ada', isAnonymous: false }));
    });
  }
  return rendered;
}

describe('Location', () => {
  it('signed out: the area, an approximate circle and the note, and no read of the exact location', async () => {
    const { reads } = renderLocation({ signedIn: false, exact: null });
    expect(screen.getAllByText('Lisbon, Portugal').map((element) => element.tagName)).toContain('P');
    expect(screen.getByText('Exact location provided after booking.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Map showing the approximate area of Lisbon, Portugal' })).toBeInTheDocument();
    expect(screen.getByTestId('approximate-area')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads.filter((read) => read.table === 'room_locations')).toEqual([]);
  });

  it('signed in without the right to it (no row): still the area', async () => {
    const { reads } = renderLocation({ signedIn: true, exact: null });
    await vi.waitFor(() => expect(reads.filter((read) => read.table === 'room_locations')).toHaveLength(1));
    expect(reads.find((read) => read.table === 'room_locations')!.filters).toEqual([['room_id', 'eq', '7']]);
    expect(screen.getByText('Exact location provided after booking.')).toBeInTheDocument();
    expect(screen.getByTestId('approximate-area')).toBeInTheDocument();
  });

  it('the host or a booked traveller: the street and a pin, no note', async () => {
    renderLocation({ signedIn: true, exact: EXACT });
    expect(await screen.findByText('Rua das Flores 12')).toBeInTheDocument();
    expect(screen.getAllByText('Lisbon, Portugal').map((element) => element.tagName)).toContain('P');
    expect(screen.getByRole('img', { name: 'Map showing Lisbon, Portugal' })).toBeInTheDocument();
    expect(screen.queryByTestId('approximate-area')).not.toBeInTheDocument();
    expect(screen.queryByText('Exact location provided after booking.')).not.toBeInTheDocument();
  });
});
