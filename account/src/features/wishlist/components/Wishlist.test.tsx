import { act, screen, within } from '@testing-library/react';
import type { Read } from 'shared/testing';
import { setUserData, setUserFavListing } from 'shared/state';
import { renderWithStore } from 'shared/testing';
import { Wishlist } from './Wishlist';

const room = (id: number, title: string) => ({ id, 'house-title': title, title_1: 'Goa, India', title_2: 'Sea view', price: 3000, images: [`/a/${id}.webp`], house_rating: 4.5 });
const USER = 'u-1';

/** The favourites list (ids) and the wishlist read (favourites with their rooms) of one user. */
function backend(favourites: number[], saved: Array<ReturnType<typeof room>>, byId: Array<ReturnType<typeof room>> = []) {
  return (read: Read) => {
    if (read.table === 'Favorites' && read.columns === 'item_id') return { data: favourites.map((item_id) => ({ item_id })) };
    if (read.table === 'Favorites') return { data: saved.map((r) => ({ item_id: r.id, room: r })) };
    if (read.table === 'Rooms') return { data: byId };
    return { data: [] };
  };
}

function signIn(store: ReturnType<typeof renderWithStore>['store']) {
  act(() => {
    store.dispatch(setUserData({ id: USER, email: 'ada@example.com', name: 'Ada', isAnonymous: false }));
  });
}

const titles = (list: HTMLElement) => within(list).getAllByRole('listitem').map((item) => item.textContent ?? '');

describe('Wishlist', () => {
  it('reads the favourites with their rooms in one request and shows them in the favourites’ order', async () => {
    const { store, reads } = renderWithStore(<Wishlist />, { answer: backend([7, 3], [room(3, 'Cliff house'), room(7, 'Palm hut')]) });
    signIn(store);
    const list = await screen.findByRole('list', { name: 'Saved homes' });
    expect(titles(list)).toEqual([expect.stringContaining('Palm hut'), expect.stringContaining('Cliff house')]);
    const favouriteReads = reads.filter((read) => read.table === 'Favorites').map((read) => [read.columns, read.filters, read.order]);
    expect(favouriteReads).toContainEqual(['item_id,room:Rooms(*)', [['user_id', 'eq', USER]], ['id.asc']]);
    expect(reads.some((read) => read.table === 'Rooms')).toBe(false);
  });

  it('reads by id only the room of a favourite added since, and keeps the others', async () => {
    const { store, reads } = renderWithStore(<Wishlist />, { answer: backend([3], [room(3, 'Cliff house')], [room(9, 'Tree house')]) });
    signIn(store);
    await screen.findByRole('list', { name: 'Saved homes' });
    act(() => {
      store.dispatch(setUserFavListing([9]));
    });
    const list = screen.getByRole('list', { name: 'Saved homes' });
    await within(list).findByText('Tree house');
    expect(within(list).getByText('Cliff house')).toBeInTheDocument();
    expect(reads.filter((read) => read.table === 'Rooms').map((read) => read.filters)).toEqual([[['id', 'in', ['9']]]]);
  });

  it('says so when the wishlist cannot be read', async () => {
    const { store } = renderWithStore(<Wishlist />, {
      answer: (read) => (read.columns === 'item_id' ? { data: [{ item_id: 3 }] } : { error: { message: 'boom' } }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn(store);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your wishlist could not be loaded.');
  });
});
