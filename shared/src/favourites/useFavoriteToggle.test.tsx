/**
 * The toggle's rules with the real store: the login prompt when signed out, add and remove
 * persisted for a signed-in user, a duplicate add taken as success, a failed write rolled back
 * with its message shown. The server is a recording stand-in (the round trip is in e2e).
 */
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { act, renderHook } from '@testing-library/react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createAppStore } from 'shared/store';
import { setUserData, setUserFavListing } from 'shared/state/appSlice';
import type { RuntimeConfig } from '../config/runtimeConfig';
import { useFavoriteToggle } from './useFavoriteToggle';

function fakeSupabase(insertError: { code?: string; message: string } | null = null) {
  const writes: string[] = [];
  const query = {
    insert: (row: { item_id: number }) => {
      writes.push(`insert ${row.item_id}`);
      return Promise.resolve({ data: null, error: insertError });
    },
    delete: () => query,
    eq: (column: string, value: unknown) => {
      if (column === 'item_id') writes.push(`delete ${String(value)}`);
      return query;
    },
    then: (resolve: (value: unknown) => void) => resolve({ data: null, error: null }),
  };
  const supabase = {
    from: () => query,
    auth: { getSession: async () => ({ data: { session: { user: { id: 'u1' } } } }) },
  } as unknown as SupabaseClient;
  return { supabase, writes };
}

function setup(signedIn: boolean, insertError: { code?: string; message: string } | null = null) {
  const { supabase, writes } = fakeSupabase(insertError);
  const store = createAppStore({ extra: { supabase, config: {} as RuntimeConfig }, tabSync: false });
  if (signedIn) store.dispatch(setUserData({ id: 'u1', email: 'a@b.c', name: 'Ada' }));
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return { store, writes, wrapper };
}

describe('useFavoriteToggle', () => {
  it('opens the login dialog for a signed-out visitor and writes nothing', async () => {
    const { store, writes, wrapper } = setup(false);
    const { result } = renderHook(() => useFavoriteToggle(5), { wrapper });
    await act(() => result.current.toggle());
    expect(store.getState().app.showLogin).toBe(true);
    expect(store.getState().app.userFavListing).toEqual([]);
    expect(writes).toEqual([]);
  });

  it('adds a listing, then removes it, persisting each change', async () => {
    const { store, writes, wrapper } = setup(true);
    const { result } = renderHook(() => useFavoriteToggle(5), { wrapper });
    await act(() => result.current.toggle());
    expect(result.current.isFavorite).toBe(true);
    expect(store.getState().app).toMatchObject({ userFavListing: [5], isFavorite: true, itemId: 5 });
    await act(() => result.current.toggle());
    expect(result.current.isFavorite).toBe(false);
    expect(store.getState().app).toMatchObject({ userFavListing: [], isFavorite: false, itemId: 5 });
    expect(writes).toEqual(['insert 5', 'delete 5']);
  });

  it('keeps the heart filled when the server already has the favourite (23505)', async () => {
    const { store, wrapper } = setup(true, { code: '23505', message: 'duplicate key value' });
    const { result } = renderHook(() => useFavoriteToggle(8), { wrapper });
    await act(() => result.current.toggle());
    expect(result.current.isFavorite).toBe(true);
    expect(store.getState().toasts.items).toEqual([]);
  });

  it('puts the list back and shows the error when the write fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store, wrapper } = setup(true, { code: '42501', message: 'permission denied' });
    store.dispatch(setUserFavListing([2]));
    const { result } = renderHook(() => useFavoriteToggle(8), { wrapper });
    await act(() => result.current.toggle());
    expect(result.current.isFavorite).toBe(false);
    expect(store.getState().app.userFavListing).toEqual([2]);
    expect(store.getState().toasts.items.map((toast) => toast.message)).toEqual([
      'Error saving favorite: permission denied',
    ]);
  });
});
