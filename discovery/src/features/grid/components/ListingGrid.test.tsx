import { addDays, format } from 'date-fns';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'shared/router';
import { distanceText, kilometresBetween } from 'shared/rules';
import { renderWithStore, type Answer, type Read } from 'shared/testing';
import { HomeSearch } from '../../../test/HomeSearch';
import { setSearching } from '../../search';
import { ListingGrid } from './ListingGrid';

/** The day `n` days from today, yyyy-mm-dd. */
const iso = (n: number) => format(addDays(new Date(), n), 'yyyy-MM-dd');

/** A link elsewhere in the page (the category strip, the search bar) going to `to`. */
function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(to)}>
      Go
    </button>
  );
}

function room(id: number) {
  return {
    id,
    'house-title': `Home ${id}`,
    city: 'Lisbon',
    country: 'Portugal',
    price: 8300,
    images: [`/storage/v1/object/public/listing-photos/scenes/scene-00${id % 9}-800.webp`],
    house_rating: 4.5,
    guest_favorite: '',
    filter: 'Amazing pools',
  };
}

/** Pages of 16 rooms up to `total`, by the read's range. */
function rooms(total: number) {
  return (read: Read): Answer => {
    const [from, to] = read.range ?? [0, 15];
    const ids = [];
    for (let id = from + 1; id <= Math.min(to + 1, total); id += 1) ids.push(id);
    return { data: ids.map(room) };
  };
}

const cards = () => screen.queryAllByRole('article');

describe('ListingGrid', () => {
  it('shows 50 skeleton cards while the first page loads', () => {
    renderWithStore(<ListingGrid />, { path: '/home', answer: () => new Promise(() => {}) });
    expect(screen.getAllByTestId('card-skeleton')).toHaveLength(50);
  });

  it('starts on the first category and reads 16 rooms of it', async () => {
    const { reads } = renderWithStore(<ListingGrid />, { path: '/home', answer: rooms(40) });
    await vi.waitFor(() => expect(cards()).toHaveLength(16));
    expect(reads[0]).toMatchObject({ table: 'Rooms', filters: [['filter', 'eq', 'Amazing pools']], range: [0, 15] });
    expect(within(cards()[0]!).getByRole('link', { name: 'Lisbon, Portugal' })).toHaveAttribute('href', '/house/1');
  });

  it("a new category shows skeletons, never the previous category's rooms", async () => {
    const handler = (read: Read) =>
      read.filters.some(([, , value]) => value === 'Beach') ? new Promise<Answer>(() => {}) : rooms(3)(read);
    renderWithStore(
      <>
        <ListingGrid />
        <GoTo to="/home?category=Beach" />
      </>,
      { path: '/home', answer: handler },
    );
    await vi.waitFor(() => expect(cards()).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findAllByTestId('card-skeleton')).toHaveLength(50);
    expect(cards()).toHaveLength(0);
  });

  it('Show More loads the next page, with 12 skeletons while it does', async () => {
    let release: () => void = () => {};
    const handler = (read: Read) => {
      if (read.range?.[0] === 16) return new Promise<Answer>((resolve) => (release = () => resolve(rooms(20)(read))));
      return rooms(20)(read);
    };
    renderWithStore(<ListingGrid />, { path: '/home', answer: handler });
    await vi.waitFor(() => expect(cards()).toHaveLength(16));
    await userEvent.click(screen.getByRole('button', { name: 'Show More' }));
    expect(await screen.findAllByTestId('card-skeleton')).toHaveLength(12);
    act(() => release());
    await vi.waitFor(() => expect(cards()).toHaveLength(20));
    // A page of fewer than 16 is the last one.
    expect(screen.queryByRole('button', { name: 'Show More' })).not.toBeInTheDocument();
  });

  it('loads the next page when the grid bottom comes within 500px of the viewport', async () => {
    const observers: { callback: IntersectionObserverCallback; margin: string | undefined }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observers.push({ callback, margin: options?.rootMargin });
        }
        observe() {}
        disconnect() {}
      },
    );
    renderWithStore(<ListingGrid />, { path: '/home', answer: rooms(40) });
    await vi.waitFor(() => expect(observers.length).toBeGreaterThan(0));
    const observer = observers.at(-1)!;
    expect(observer.margin).toBe('0px 0px 500px 0px');
    act(() => observer.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    await vi.waitFor(() => expect(cards()).toHaveLength(32));
    vi.unstubAllGlobals();
  });

  it('a failed read shows a message with Retry, which reads again', async () => {
    let fail = true;
    renderWithStore(<ListingGrid />, { path: '/home', answer: (read) => (fail ? { error: { message: 'network down' } } : rooms(3)(read)) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load homes right now");
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(cards()).toHaveLength(3));
  });

  it('no rooms: an empty state, never a blank grid', async () => {
    renderWithStore(<ListingGrid />, { path: '/home', answer: () => ({ data: [] }) });
    expect(await screen.findByRole('status')).toHaveTextContent('No exact matches');
  });

  it('during a search it reads the backend search function with the same category filter', async () => {
    const { reads } = renderWithStore(<ListingGrid />, {
      path: `/home?where=Lisbon&checkin=${iso(10)}&checkout=${iso(13)}&adults=2`,
      answer: rooms(2),
    });
    const gridRead = () => reads.find((read) => read.rpc === 'search_rooms' && read.range?.[1] === 15);
    await vi.waitFor(() =>
      expect(gridRead()).toMatchObject({
        rpc: 'search_rooms',
        args: { search_text: 'lisbon', check_in: iso(10), check_out: iso(13), guests: 2 },
        range: [0, 15],
      }),
    );
    // Exact dates: every night of the window, so no stay_nights.
    expect(gridRead()?.args).not.toHaveProperty('stay_nights');
  });

  it("a search says how many homes it found and reads them in the function's ranked order", async () => {
    const handler = (read: Read): Answer => (read.range?.[1] === 0 ? { data: [room(1)], count: 23 } : rooms(23)(read));
    const { reads } = renderWithStore(<ListingGrid />, { path: '/home?where=Palermo', answer: handler });
    expect(await screen.findByText('23 homes')).toBeInTheDocument();
    const gridRead = reads.find((read) => read.rpc === 'search_rooms' && read.range?.[1] === 15);
    expect(gridRead?.order ?? []).toEqual([]);
  });

  it('cards measure their distance from the place the search resolves to, not from the first home', async () => {
    const lisbon = { name: 'Lisbon', country: 'Portugal', kind: 'city', lat: 38.71667, lng: -9.13333, radius_km: 25 };
    const homes = [
      { ...room(1), lat: 38.75, lng: -9.2 },
      { ...room(2), lat: 38.6, lng: -9.0 },
    ];
    const handler = (read: Read): Answer =>
      read.rpc === 'resolve_place' ? { data: [lisbon] } : read.rpc === 'search_rooms' ? { data: homes, count: 2 } : rooms(3)(read);
    const { reads } = renderWithStore(<ListingGrid />, { path: '/home?where=Lisbon', answer: handler });
    await vi.waitFor(() => expect(cards()).toHaveLength(2));
    expect(reads.find((read) => read.rpc === 'resolve_place')).toMatchObject({ args: { search_text: 'lisbon' } });
    for (const [i, home] of homes.entries()) {
      const km = kilometresBetween(lisbon, home);
      expect(km).toBeGreaterThan(5);
      expect(await within(cards()[i]!).findByText(distanceText(km))).toBeInTheDocument();
    }
  });

  it('a search that resolves to no point (nothing, or a region) shows no distances', async () => {
    for (const [where, place] of [['Lisbn', []], ['Europe', [{ name: 'Europe', country: null, kind: 'region', lat: null, lng: null, radius_km: null }]]] as const) {
      const handler = (read: Read): Answer =>
        read.rpc === 'resolve_place' ? { data: place } : read.rpc === 'search_rooms' ? { data: [{ ...room(1), lat: 38.75, lng: -9.2 }], count: 1 } : rooms(3)(read);
      const { store, unmount } = renderWithStore(<ListingGrid />, { path: `/home?where=${where}`, answer: handler });
      await vi.waitFor(() => expect(cards()).toHaveLength(1));
      // the place has arrived (and rendered), not merely been asked for
      await vi.waitFor(() =>
        expect(Object.values(store.getState().api.queries).find((q) => q?.endpointName === 'getSearchPlace')?.status).toBe('fulfilled'),
      );
      expect(screen.queryByText(/kilometers away/)).toBeNull();
      unmount();
    }
  });

  it('a country shows no distances and says the homes are in it', async () => {
    const italy = { name: 'Italy', country: 'Italy', kind: 'country', lat: 41.89, lng: 12.51, radius_km: null, corrected: false };
    const handler = (read: Read): Answer =>
      read.rpc === 'resolve_place' ? { data: [italy] } : read.rpc === 'search_rooms' ? { data: [{ ...room(1), lat: 45.46, lng: 9.19 }], count: 1 } : rooms(3)(read);
    renderWithStore(<ListingGrid />, { path: '/home?where=Italy', answer: handler });
    expect(await screen.findByText('1 home in Italy')).toBeInTheDocument();
    expect(screen.queryByText(/kilometers away/)).toBeNull();
  });

  it('a close spelling says which place it shows, links back to the typed text, and offers the other places of the name', async () => {
    const spain = { name: 'Barcelona', country: 'Spain', kind: 'city', lat: 41.39, lng: 2.16, radius_km: 40, corrected: true };
    const venezuela = { ...spain, country: 'Venezuela', lat: 10.14, lng: -64.69, radius_km: 25 };
    const handler = (read: Read): Answer =>
      read.rpc === 'resolve_place' ? { data: [spain, venezuela] } : read.rpc === 'search_rooms' ? { data: [{ ...room(1), lat: 41.4, lng: 2.15 }], count: 1 } : rooms(3)(read);
    renderWithStore(<ListingGrid />, { path: '/home?where=Barcelna&adults=2', answer: handler });
    expect(await screen.findByText(/Showing results for/)).toHaveTextContent('Showing results for Barcelona.');
    expect(screen.getByRole('link', { name: 'Search instead for Barcelna' })).toHaveAttribute('href', '/home?where=%22Barcelna%22&adults=2');
    const choice = screen.getByRole('navigation', { name: 'Places with this name' });
    expect(within(choice).getByText('Barcelona, Spain')).toHaveAttribute('aria-current', 'true');
    expect(within(choice).getByRole('link', { name: 'Barcelona, Venezuela' })).toHaveAttribute('href', '/home?where=Barcelona%2C+Venezuela&adults=2');
  });

  it('a place with no homes says so and shows the nearest under Nearby, with their distances', async () => {
    const ulaanbaatar = { name: 'Ulaanbaatar', country: 'Mongolia', kind: 'city', lat: 47.91, lng: 106.88, radius_km: 25, corrected: false };
    const beijing = { ...room(7), lat: 39.9, lng: 116.4 };
    const handler = (read: Read): Answer =>
      read.rpc === 'resolve_place'
        ? { data: [ulaanbaatar] }
        : read.rpc === 'search_rooms'
          ? read.args?.box_west === -180 ? { data: [beijing], count: 1 } : { data: [], count: 0 }
          : rooms(3)(read);
    renderWithStore(<ListingGrid />, { path: '/home?where=Ulaanbaatar', answer: handler });
    expect(await screen.findByText('There are no homes in Ulaanbaatar. The nearest are below.')).toBeInTheDocument();
    const nearby = await screen.findByRole('region', { name: 'Nearby' });
    expect(await within(nearby).findByText(distanceText(kilometresBetween(ulaanbaatar, beijing)))).toBeInTheDocument();
  });

  it('a search that finds nothing offers to clear it, which shows every home again', async () => {
    const handler = (read: Read): Answer => (read.rpc === 'search_rooms' ? { data: [], count: 0 } : rooms(3)(read));
    const { reads } = renderWithStore(
      <HomeSearch>
        <ListingGrid />
      </HomeSearch>,
      { path: '/home?where=Atlantisxyz', answer: handler },
    );
    expect(await screen.findByRole('heading', { name: 'No exact matches' })).toBeInTheDocument();
    expect(reads.find((read) => read.rpc === 'search_rooms')).toMatchObject({ args: { search_text: 'atlantisxyz' } });
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await vi.waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.getByTestId('location').textContent).toBe('/home');
    expect(reads.filter((read) => read.rpc !== 'next_free_stays').at(-1)).toMatchObject({ table: 'Rooms', filters: [['filter', 'eq', 'Amazing pools']] });
  });

  it("a search's stay: cards show its dates and their links carry it to the listing", async () => {
    const [checkIn, checkOut] = [format(addDays(new Date(), 20), 'yyyy-MM-dd'), format(addDays(new Date(), 23), 'yyyy-MM-dd')];
    const shown = (day: string) => format(new Date(`${day}T00:00`), 'dd MMM');
    renderWithStore(
      <HomeSearch>
        <ListingGrid />
      </HomeSearch>,
      { path: `/home?where=Lisbon&checkin=${checkIn}&checkout=${checkOut}&adults=2&infants=1`, answer: rooms(3) },
    );
    await vi.waitFor(() => expect(cards()).toHaveLength(3));
    expect(cards()[0]).toHaveTextContent(`${shown(checkIn)} - ${shown(checkOut)}`);
    expect(within(cards()[0]!).getByRole('link', { name: 'Lisbon, Portugal' })).toHaveAttribute(
      'href',
      `/house/1?checkin=${checkIn}&checkout=${checkOut}&adults=2&infants=1`,
    );
  });

  it("without a searched stay, each card shows its next free stay (one read for the page) and plain links", async () => {
    const { reads } = renderWithStore(<ListingGrid />, {
      path: '/home',
      answer: (read) =>
        read.rpc === 'next_free_stays'
          ? {
              data: [
                { room_id: 1, check_in: '2026-12-07', check_out: '2026-12-12' },
                { room_id: 2, check_in: '2026-12-30', check_out: '2027-01-04' },
              ],
            }
          : rooms(3)(read),
    });
    // The dates are a second read after the cards' (a loaded machine takes more than waitFor's default second).
    await vi.waitFor(() => expect(cards()[0]).toHaveTextContent('7-12 Dec'), { timeout: 10_000 });
    expect(cards()[1]).toHaveTextContent('30 Dec 2026 - 4 Jan 2027');
    expect(reads.filter((read) => read.rpc === 'next_free_stays')).toEqual([expect.objectContaining({ args: { room_ids: [1, 2, 3], nights: 5 } })]);
    expect(within(cards()[0]!).getByRole('link', { name: 'Lisbon, Portugal' })).toHaveAttribute('href', '/house/1');
  });

  it('the last page ends with a line saying so', async () => {
    renderWithStore(<ListingGrid />, { path: '/home', answer: rooms(3) });
    await vi.waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.getByText("That's everything: 3 homes")).toBeInTheDocument();
  });

  it('a search whose stay may move sends its nights', async () => {
    // 3 nights from day 10, starting up to 3 days earlier or ending up to 3 days later.
    const { reads } = renderWithStore(<ListingGrid />, { path: `/home?checkin=${iso(10)}&checkout=${iso(13)}&flex=3`, answer: rooms(2) });
    await vi.waitFor(() =>
      expect(reads.at(-1)).toMatchObject({
        rpc: 'search_rooms',
        args: { search_text: '', check_in: iso(7), check_out: iso(16), guests: null, stay_nights: 3 },
      }),
    );
  });

  it('while the overlay search is flagged the grid shows its loading skeletons', async () => {
    const { store } = renderWithStore(<ListingGrid />, { path: '/home', answer: rooms(3) });
    await vi.waitFor(() => expect(cards()).toHaveLength(3));
    act(() => {
      store.dispatch(setSearching(true));
    });
    expect(screen.getAllByTestId('card-skeleton')).toHaveLength(50);
    expect(cards()).toHaveLength(0);
    act(() => {
      store.dispatch(setSearching(false));
    });
    expect(cards()).toHaveLength(3);
  });

  it('the first card (in the first row at every width) loads its photo eagerly, the rest lazily', async () => {
    renderWithStore(<ListingGrid />, { path: '/home', answer: rooms(16) });
    await vi.waitFor(() => expect(cards()).toHaveLength(16));
    const images = screen.getAllByRole('img');
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    expect(images.slice(1).every((img) => img.getAttribute('loading') === 'lazy')).toBe(true);
  });

  it('signed out, the heart links to /login returning here, and opens the login dialog', async () => {
    const { store } = renderWithStore(<ListingGrid />, { path: '/home?category=Beach', answer: rooms(1) });
    const heart = await screen.findByRole('link', { name: 'Add to wishlist' });
    expect(heart).toHaveAttribute('href', '/login?next=%2Fhome%3Fcategory%3DBeach');
    await userEvent.click(heart);
    expect(store.getState().app.showLogin).toBe(true);
  });
});
