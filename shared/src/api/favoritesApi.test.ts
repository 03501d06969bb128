/**
 * The favourites endpoints' answers for each server outcome of the spec's error catalogue,
 * through the real supabase client against the msw backend (shared/testing), which answers
 * each case (a duplicate, a failing delete) the way PostgREST does.
 */
import { configureStore } from '@reduxjs/toolkit';
import type { SupabaseClient } from '@supabase/supabase-js';
import { api } from './baseApi';
import { favoritesApi } from './favoritesApi';
import { supabaseSourceOf } from 'shared/supabase';
import {
  createSupabaseClient,
  signedInClient,
  testConfig,
  answerReads,
  authAccounts,
  testUserId,
  type Answer,
} from 'shared/testing';

const EMAIL = 'u1@homestory.test';
const USER = testUserId(EMAIL);

function storeWith(supabase: SupabaseClient) {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { supabase: supabaseSourceOf(supabase), config: testConfig } } }).concat(api.middleware),
  });
}

/** A store whose client is signed in as USER, with the backend answering every REST request with `answer`. */
async function signedIn(answer: Answer = {}) {
  authAccounts({ [EMAIL]: 'pw-u1' });
  const supabase = await signedInClient(EMAIL, 'pw-u1');
  const requests = answerReads(() => answer);
  return { store: storeWith(supabase), requests };
}

const silence = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

describe('favoritesApi', () => {
  it('loads the item ids of the given user', async () => {
    const { store, requests } = await signedIn({ data: [{ item_id: 3 }, { item_id: 7 }] });
    const result = await store.dispatch(favoritesApi.endpoints.getFavorites.initiate(USER));
    expect(result.data).toEqual([3, 7]);
    expect(requests).toEqual([{ method: 'GET', table: 'Favorites', columns: 'item_id', filters: [['user_id', 'eq', USER]] }]);
  });

  it('adds a favourite for the signed-in user', async () => {
    const { store, requests } = await signedIn();
    const result = await store.dispatch(favoritesApi.endpoints.addFavorite.initiate(9));
    expect(result.data).toEqual({ message: 'Favorite added' });
    expect(requests).toContainEqual(
      expect.objectContaining({ method: 'POST', table: 'Favorites', body: { user_id: USER, item_id: 9 } }),
    );
  });

  it('answers a duplicate add with "Favorite already exists" and no error', async () => {
    const { store } = await signedIn({ error: { code: '23505', message: 'duplicate key value' } });
    const result = await store.dispatch(favoritesApi.endpoints.addFavorite.initiate(9));
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual({ message: 'Favorite already exists' });
  });

  it('reports another add failure as "Error saving favorite: " plus the message', async () => {
    silence();
    const { store } = await signedIn({ error: { code: '42501', message: 'permission denied' } });
    const result = await store.dispatch(favoritesApi.endpoints.addFavorite.initiate(9));
    expect(result.error).toMatchObject({ message: 'Error saving favorite: permission denied', code: '42501' });
  });

  it('refuses to add without a signed-in user: "User not found"', async () => {
    const requests = answerReads(() => ({}));
    const result = await storeWith(createSupabaseClient(testConfig)).dispatch(favoritesApi.endpoints.addFavorite.initiate(9));
    expect(result.error).toEqual({ message: 'User not found' });
    expect(requests).toEqual([]);
  });

  it('removes by user and item, and reports a failure as "Error deleting favorite: "', async () => {
    const ok = await signedIn();
    await ok.store.dispatch(favoritesApi.endpoints.removeFavorite.initiate(4));
    expect(ok.requests).toEqual([
      { method: 'DELETE', table: 'Favorites', filters: [['user_id', 'eq', USER], ['item_id', 'eq', '4']] },
    ]);
    silence();
    const failing = await signedIn({ error: { message: 'timeout' } });
    const result = await failing.store.dispatch(favoritesApi.endpoints.removeFavorite.initiate(4));
    expect(result.error).toMatchObject({ message: 'Error deleting favorite: timeout' });
  });
});
