/**
 * The one RTK Query api of the site. Endpoints live with the feature that owns them and are
 * added with `api.injectEndpoints`; every query function calls supabase-js through the
 * store's extra argument (`await clientOf(queryApi)`), so no component talks to supabase
 * directly. The client is made on first use (shared/supabase), so supabase-js is not loaded
 * before a page hydrates.
 */
import { createAction } from '@reduxjs/toolkit';
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RuntimeConfig } from 'shared/config';
import type { SupabaseClientSource } from 'shared/supabase';

export interface StoreExtra {
  /** The page's one supabase client, made (and supabase-js loaded) when first asked for. */
  supabase: SupabaseClientSource;
  config: RuntimeConfig;
}

/** What a failed endpoint reports: the server's code (when it has one) and message. */
export interface ApiError {
  code?: string;
  status?: number;
  message: string;
}

/**
 * The cache a server rendered the page with (the `api` part of its state), given to a new store:
 * RTK Query takes its finished queries, so the page's reads are not made a second time.
 */
export const serverCacheReceived = createAction<unknown>('api/serverCacheReceived');

export const api = createApi({
  reducerPath: 'api',
  baseQuery: fakeBaseQuery<ApiError>(),
  tagTypes: ['Favorites', 'Rooms', 'Trips', 'Booking', 'BookedRanges', 'User'],
  endpoints: () => ({}),
  extractRehydrationInfo: (action) => (serverCacheReceived.match(action) ? (action.payload as never) : undefined),
});

/** Reads the store's extra argument inside a query function. */
export function extraOf(queryApi: { extra: unknown }): StoreExtra {
  return queryApi.extra as StoreExtra;
}

/** The page's supabase client inside a query function. */
export function clientOf(queryApi: { extra: unknown }): Promise<SupabaseClient> {
  return extraOf(queryApi).supabase();
}

/** Turns a supabase-js error into the api's error shape, logging it as the spec asks. */
export function toApiError(context: string, error: { message: string; code?: string; status?: number }): ApiError {
  console.error(context, error);
  const result: ApiError = { message: error.message };
  if (error.code !== undefined) result.code = error.code;
  if (error.status !== undefined) result.status = error.status;
  return result;
}

/** An edge function's non-2xx answer as the api's error: its status, `code` and `error` text. */
export async function functionError(context: string, error: unknown): Promise<ApiError> {
  // Loaded already: the client that made the call came from it.
  const { FunctionsHttpError } = await import('@supabase/supabase-js');
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    let body: { error?: string; code?: string } = {};
    try {
      body = (await response.json()) as typeof body;
    } catch {
      // not JSON: keep the status only
    }
    console.error(context, response.status, body);
    const result: ApiError = { status: response.status, message: body.error ?? `HTTP ${response.status}` };
    if (body.code !== undefined) result.code = body.code;
    return result;
  }
  return toApiError(context, error as { message: string });
}
