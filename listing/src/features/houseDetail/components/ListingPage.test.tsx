import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { roomsApi } from 'shared/api';
import { createTestStore, renderWithStore } from 'shared/testing';
import { testFacts, testRoom } from '../../../test/room';
import { ListingPage } from './ListingPage';

async function renderListing(path: string, room: ReturnType<typeof testRoom> | null, facts = testFacts()) {
  const store = createTestStore();
  await store.dispatch(roomsApi.util.upsertQueryData('getRoomById', 7, room));
  await store.dispatch(roomsApi.util.upsertQueryData('getListingFacts', 7, room ? facts : null));
  await store.dispatch(roomsApi.util.upsertQueryData('getBookedRanges', 7, []));
  return renderWithStore(<ListingPage />, { store, path, route: '/house/:id' });
}

describe('ListingPage', () => {
  it('shows a not-found page for an id that is not a listing id', async () => {
    await renderListing('/house/abc', null);
    expect(screen.getByRole('heading', { level: 1, name: "We can't find that listing" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/home');
  });

  it('shows a not-found page for a listing that does not exist', async () => {
    await renderListing('/house/7', null);
    expect(await screen.findByRole('heading', { level: 1, name: "We can't find that listing" })).toBeInTheDocument();
    expect(document.title).toBe('Listing not found · Homestory');
  });

  it('shows the listing with its title, meta description and sections', async () => {
    await renderListing('/house/7', testRoom());
    expect(await screen.findByRole('heading', { level: 1, name: 'Cliffside cottage' })).toBeInTheDocument();
    expect(document.title).toBe('Cliffside cottage · Homestory');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Cliffside cottage in Lisbon, Portugal. A bright cottage above the sea.',
    );
    for (const name of ['What this place offers', "Where you'll sleep", "Where you'll be", 'Meet your host', 'Things to know']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByText('Hosted by Inês')).toBeInTheDocument();
    expect(screen.getAllByText('6 years hosting').length).toBeGreaterThan(0);
  });

  it('names a default host when host_name is missing', async () => {
    await renderListing('/house/7', testRoom({ host_name: null }));
    expect(await screen.findByText('Hosted by Homestory host')).toBeInTheDocument();
  });

  it("shows the catalogue's data: the spec's amenities, highlights, host figures and house rules", async () => {
    await renderListing('/house/7', testRoom());
    await screen.findByRole('heading', { level: 1, name: 'Cliffside cottage' });
    const amenities = screen.getByRole('heading', { name: 'What this place offers' }).parentElement!;
    expect(within(amenities).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Kitchen', 'WiFi', 'Free on-street parking', 'Private hot tub', 'Pets allowed', 'TV', 'Lift', 'Air conditioning',
      'Unavailable: Carbon monoxide alarm', 'Unavailable: Smoke alarm',
    ]);
    const highlights = screen.getByRole('region', { name: 'Highlights' });
    expect(highlights).toHaveTextContent('Self check-inCheck yourself in with the keypad.');
    expect(highlights).toHaveTextContent('Great location95% of recent guests gave the location a 5-star rating.');
    const host = screen.getByRole('heading', { name: 'Meet your host' }).parentElement!;
    expect(host).toHaveTextContent('Reviews1607');
    expect(host).toHaveTextContent('Rating4.34');
    expect(host).toHaveTextContent('Response rate: 100%');
    expect(host).toHaveTextContent('Responds within an hour');
    const rules = screen.getByRole('heading', { name: 'House rules' }).nextElementSibling!;
    expect([...rules.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Check-in: 2:00 pm - 9:00 pm', '4 guests maximum', 'Checkout before 12:00 pm', 'Pets allowed',
    ]);
  });

  it("a new host's place shows what they entered and no invented figure", async () => {
    await renderListing(
      '/house/7',
      testRoom({ host_description: null, rating_count: '', house_rating: null }),
      testFacts({
        amenities: ['wifi', 'washer', 'smoke_alarm'],
        check_in_from: '15:00',
        check_in_until: null,
        checkout_before: '11:00',
        pets_allowed: false,
        smoking_allowed: false,
        parties_allowed: null,
        check_in_method: 'lockbox',
        location_five_star_percent: null,
        host: { hosting_since: new Date().toISOString().slice(0, 10), reviews: 0, rating: null, response_rate: null, response_time: null },
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Cliffside cottage' });
    const amenities = screen.getByRole('heading', { name: 'What this place offers' }).parentElement!;
    expect(within(amenities).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'WiFi', 'Washer', 'Smoke alarm', 'Unavailable: Carbon monoxide alarm',
    ]);
    expect(screen.getByRole('region', { name: 'Highlights' })).toHaveTextContent('Check yourself in with the lockbox.');
    const rules = screen.getByRole('heading', { name: 'House rules' }).nextElementSibling!;
    expect([...rules.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Check-in after 3:00 pm', '4 guests maximum', 'Checkout before 11:00 am', 'No pets', 'No smoking',
    ]);
    for (const invented of [/hosting/, /5-star/, /Great location/, /Hot tub/i, /Lift/, /Response rate/, /Responds/]) {
      expect(screen.queryByText(invented)).not.toBeInTheDocument();
    }
    const host = screen.getByRole('heading', { name: 'Meet your host' }).parentElement!;
    expect(within(host).queryByText('Reviews')).not.toBeInTheDocument();
    expect(within(host).queryByText('Rating')).not.toBeInTheDocument();
  });

  it('strikes through the two alarms among the amenities', async () => {
    await renderListing('/house/7', testRoom());
    const amenities = screen.getByRole('heading', { name: 'What this place offers' }).parentElement!;
    expect(within(amenities).getAllByRole('listitem')).toHaveLength(10);
    expect(within(amenities).getByText('Carbon monoxide alarm').tagName).toBe('S');
    expect(within(amenities).getByText('Smoke alarm').tagName).toBe('S');
    expect(within(amenities).getByText('Kitchen').tagName).toBe('LI');
  });

  it("opens the whole description in 'About this place'", async () => {
    await renderListing('/house/7', testRoom({ house_description: 'Line one.\nLine two.\nLine three.\nLine four.' }));
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    const dialog = screen.getByRole('dialog', { name: 'About this place' });
    expect(dialog).toHaveTextContent('Line four.');
  });

  it('gives the first photo priority and loads the rest lazily, each with a size', async () => {
    await renderListing('/house/7', testRoom());
    const photos = screen.getAllByRole('img', { name: /Cliffside cottage, photo/ });
    expect(photos[0]).toHaveAttribute('loading', 'eager');
    expect(photos[0]).toHaveAttribute('fetchpriority', 'high');
    expect(photos[1]).toHaveAttribute('loading', 'lazy');
    for (const photo of photos) {
      expect(photo).toHaveAttribute('width');
      expect(photo).toHaveAttribute('height');
      expect(photo.getAttribute('srcset')).toContain('-1200.webp 1200w');
    }
  });
});
