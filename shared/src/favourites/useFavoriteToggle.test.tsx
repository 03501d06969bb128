/**
 * The toggle's rules with the real store: the login prompt when signed out, add and remove
 * persisted for a signed-in user, a duplicate add taken as success, a failed write rolled back
 * with its message shown. The real client writes to the msw backend of shared/testing.
 */
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { act, renderHook } from '@testing-library/react';
import { selectUserFavListing, setUserData } from 'shared/state';
import {
  createSupabaseClient,
  createTestStore,
  signedInClient,
  testConfig,
  answerReads,
  authAccounts,
  testUserId,
  type Answer,
} from 'shared/testing';
import { useFavoriteToggle } from './useFavoriteToggle';

const EMAIL = 'ada@homestory.test';

async function setup(signedIn: boolean, insertError: Answer['error'] = null, favourites: number[] = []) {
  authAccounts({ [EMAIL]: 'pw-ada' });
  const supabase = signedIn ? await signedInClient(EMAIL, 'pw-ada') : createSupabaseClient(testConfig);
  const requests = answerReads((request) => {
    if (request.method === 'POST') return { error: insertError };
    if (request.method === 'GET') return { data: favourites.map((id) => ({ item_id: id })) };
    return {};
  });
  const store = createTestStore(testConfig, supabase);
  if (signedIn) store.dispatch(setUserData({ id: testUserId(EMAIL), email: EMAIL, name: 'Ada', isAnonymous: false }));
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  /** The writes the backend received, in order: 'insert <item>' or 'delete <item>'. */
  const writes = () =>
    requests.flatMap((request) => {
      if (request.method === 'POST') return [`insert ${(request.body as { item_id: number }).item_id}`];
      if (request.method === 'DELETE') return [`delete ${String(request.filters.find(([column]) => column === 'item_id')?.[2])}`];
      return [];
    });
  return { store, writes, wrapper };
}

describe('useFavoriteToggle', () => {
  it('opens the login dialog for a signed-out visitor and writes nothing', async () => {
    const { store, writes, wrapper } = await setup(false);
    const { result } = renderHook(() => useFavoriteToggle(5), { wrapper });
    await act(() => result.current.toggle());
    expect(store.getState().app.showLogin).toBe(true);
    expect(selectUserFavListing(store.getState())).toEqual([]);
    expect(writes()).toEqual([]);
  });

  it('adds a listing, then removes it, persisting each change', async () => {
    const { store, writes, wrapper } = await setup(true);
    const { result } = renderHook(() => useFavoriteToggle(5), { wrapper });
    await act(() => result.current.toggle());
    expect(result.current.isFavorite).toBe(true);
    expect(selectUserFavListing(store.getState())).toEqual([5]);
    expect(store.getState().app).toMatchObject({ isFavorite: true, itemId: 5 });
    await act(() => result.current.toggle());
    expect(result.current.isFavorite).toBe(false);
    expect(selectUserFavListing(store.getState())).toEqual([]);
    expect(store.getState().app).toMatchObject({ isFavorite: false, itemId: 5 });
    expect(writes()).toEqual(['insert 5', 'delete 5']);
  });

  it('loads the list before the first toggle, so a favourite on the server is removed', async () => {
    const { store, writes, wrapper } = await setup(true, null, [5, 7]);
    const { result } = renderHook(() => useFavoriteToggle(5), { wrapper });
    await act(() => result.current.toggle());
    expect(selectUserFavListing(store.getState())).toEqual([7]);
    expect(writes()).toEqual(['delete 5']);
  });

  it('changes nothing and says why when the list cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store, writes, wrapper } = await setup(true);
    answerReads(() => ({ error: { code: '57014', message: 'canceling statement due to statement timeout' } }));
    const { result } = renderHook(() => useFavoriteToggle(5), { wrapper });
    await act(() => result.current.toggle());
    expect(result.current.isFavorite).toBe(false);
    expect(writes()).toEqual([]);
    expect(store.getState().toasts.items.map((toast) => toast.message)).toEqual([
      'canceling statement due to statement timeout',
    ]);
  });

  it('keeps the heart filled when the server already has the favourite (23505)', async () => {
    const { store, wrapper } = await setup(true, { code: '23505', message: 'duplicate key value' });
    const { result } = renderHook(() => useFavoriteToggle(8), { wrapper });
    await act(() => result.current.toggle());
    expect(result.current.isFavorite).toBe(true);
    expect(store.getState().toasts.items).toEqual([]);
  });

  it('puts the list back and shows the error when the write fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store, wrapper } = await setup(true, { code: '42501', message: 'permission denied' }, [2]);
    const { result } = renderHook(() => useFavoriteToggle(8), { wrapper });
    await act(() => result.current.toggle());
    expect(result.current.isFavorite).toBe(false);
    expect(selectUserFavListing(store.getState())).toEqual([2]);
    expect(store.getState().toasts.items.map((toast) => toast.message)).toEqual([
      'Error saving favorite: permission denied',
    ]);
  });
});
