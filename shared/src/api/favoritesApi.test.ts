/**
 * The favourites endpoints' answers for each server outcome of the spec's error catalogue.
 * The server is replaced by a recording stand-in here because these cases (a duplicate, a
 * failing delete) are about the mapping; the real round trip is covered by the e2e suite.
 */
import { configureStore } from '@reduxjs/toolkit';
import type { SupabaseClient } from '@supabase/supabase-js';
import { api } from 'shared/api/baseApi';
import { favoritesApi } from 'shared/api/favoritesApi';
import type { RuntimeConfig } from '../config/runtimeConfig';

interface ServerAnswer {
  data?: unknown;
  error?: { message: string; code?: string } | null;
}

function fakeSupabase(userId: string | null, answer: ServerAnswer) {
  const calls: Array<{ op: string; args: unknown[] }> = [];
  const query = {
    select: (...args: unknown[]) => (calls.push({ op: 'select', args }), query),
    insert: (...args: unknown[]) => (calls.push({ op: 'insert', args }), Promise.resolve({ data: null, error: answer.error ?? null })),
    delete: (...args: unknown[]) => (calls.push({ op: 'delete', args }), query),
    eq: (...args: unknown[]) => (calls.push({ op: 'eq', args }), query),
    then: (resolve: (value: ServerAnswer) => void) => resolve({ data: answer.data ?? null, error: answer.error ?? null }),
  };
  const supabase = {
    from: (table: string) => (calls.push({ op: 'from', args: [table] }), query),
    auth: {
      getSession: async () => ({ data: { session: userId ? { user: { id: userId } } : null } }),
    },
  } as unknown as SupabaseClient;
  return { supabase, calls };
}

function storeWith(supabase: SupabaseClient) {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { supabase, config: {} as RuntimeConfig } } }).concat(api.middleware),
  });
}

const silence = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

describe('favoritesApi', () => {
  it('loads the item ids of the given user', async () => {
    const { supabase, calls } = fakeSupabase('u1', { data: [{ item_id: 3 }, { item_id: 7 }] });
    const store = storeWith(supabase);
    const result = await store.dispatch(favoritesApi.endpoints.getFavorites.initiate('u1'));
    expect(result.data).toEqual([3, 7]);
    expect(calls).toEqual([
      { op: 'from', args: ['Favorites'] },
      { op: 'select', args: ['item_id'] },
      { op: 'eq', args: ['user_id', 'u1'] },
    ]);
  });

  it('adds a favourite for the signed-in user', async () => {
    const { supabase, calls } = fakeSupabase('u1', {});
    const result = await storeWith(supabase).dispatch(favoritesApi.endpoints.addFavorite.initiate(9));
    expect(result.data).toEqual({ message: 'Favorite added' });
    expect(calls).toContainEqual({ op: 'insert', args: [{ user_id: 'u1', item_id: 9 }] });
  });

  it('answers a duplicate add with "Favorite already exists" and no error', async () => {
    const { supabase } = fakeSupabase('u1', { error: { code: '23505', message: 'duplicate key value' } });
    const result = await storeWith(supabase).dispatch(favoritesApi.endpoints.addFavorite.initiate(9));
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual({ message: 'Favorite already exists' });
  });

  it('reports another add failure as "Error saving favorite: " plus the message', async () => {
    silence();
    const { supabase } = fakeSupabase('u1', { error: { code: '42501', message: 'permission denied' } });
    const result = await storeWith(supabase).dispatch(favoritesApi.endpoints.addFavorite.initiate(9));
    expect(result.error).toMatchObject({ message: 'Error saving favorite: permission denied', code: '42501' });
  });

  it('refuses to add without a signed-in user: "User not found"', async () => {
    const { supabase, calls } = fakeSupabase(null, {});
    const result = await storeWith(supabase).dispatch(favoritesApi.endpoints.addFavorite.initiate(9));
    expect(result.error).toEqual({ message: 'User not found' });
    expect(calls).toEqual([]);
  });

  it('removes by user and item, and reports a failure as "Error deleting favorite: "', async () => {
    const ok = fakeSupabase('u1', {});
    await storeWith(ok.supabase).dispatch(favoritesApi.endpoints.removeFavorite.initiate(4));
    expect(ok.calls).toEqual([
      { op: 'from', args: ['Favorites'] },
      { op: 'delete', args: [] },
      { op: 'eq', args: ['user_id', 'u1'] },
      { op: 'eq', args: ['item_id', 4] },
    ]);
    silence();
    const failing = fakeSupabase('u1', { error: { message: 'timeout' } });
    const result = await storeWith(failing.supabase).dispatch(favoritesApi.endpoints.removeFavorite.initiate(4));
    expect(result.error).toMatchObject({ message: 'Error deleting favorite: timeout' });
  });
});
