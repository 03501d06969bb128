import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Room } from 'shared/api';
import { NO_FACTS } from 'shared/rules';
import { setUserData } from 'shared/state';
import { renderWithStore, type Read } from 'shared/testing';
import { ListingEditor } from './ListingEditor';

const room = {
  id: 9,
  'house-title': 'Cabin',
  house_description: 'Warm.',
  filter: 'Arctic',
  city: 'Longyearbyen',
  country: 'Svalbard & Jan Mayen',
  house_location: 'Vei 228',
  lat: 78.2,
  lng: 15.6,
  price: 8300,
  max_guests: 3,
  bedroom_count: '0 bedrooms',
  bed_count: '2 beds',
  bathroom_count: '1 bathroom',
  images: ['/a-800.webp'],
} as unknown as Room;
const listing = { room_id: 9, status: 'published', cancellation_policy: 'moderate', currency: 'NOK', local_price: 1200, facts: NO_FACTS, room };
/** save_listing's refusal for a host with an authenticator app whose session did not use it. */
const AAL2_REFUSAL = 'To change the cancellation policy, log in again with the code from your authenticator app.';

describe('ListingEditor', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('says why a stricter cancellation policy was not saved when the session did not give the authenticator code, and stays on the step', async () => {
    const { store, reads } = renderWithStore(<ListingEditor />, {
      route: '/hosting/:id/edit/:step',
      path: '/hosting/9/edit/cancellation',
      answer: (read: Read) => {
        if (read.rpc === 'my_listings') return { data: [listing] };
        if (read.rpc === 'save_listing') return { error: { message: AAL2_REFUSAL, code: '42501' } };
        return { data: [] };
      },
    });
    act(() => {
      store.dispatch(setUserData({ id: 'u', email: 'host@example.com', name: 'Hana', isAnonymous: false }));
    });
    await userEvent.click(await screen.findByRole('radio', { name: /^Strict/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AAL2_REFUSAL);
    expect(reads.find((read) => read.rpc === 'save_listing')?.args).toEqual({ p_room_id: 9, p_fields: { cancellation_policy: 'strict' } });
    expect(screen.getByTestId('location')).toHaveTextContent('/hosting/9/edit/cancellation');
  });
});
