// The few Supabase calls the checkout functions make, as plain fetch (no SDK, so the functions
// deploy unchanged): who is calling (GoTrue /user with the caller's token) and service-role REST.
import { requiredEnv } from './env.ts';
import { Refusal } from './http.ts';

export interface Caller {
  id: string;
  email: string;
}

/** The signed-in user behind the request's bearer token, or a 401 refusal. */
export async function requireUser(req: Request): Promise<Caller> {
  const authorization = req.headers.get('Authorization');
  const notSignedIn = new Refusal(401, 'not_signed_in', 'You need to be logged in to book.');
  if (!authorization) throw notSignedIn;
  const response = await fetch(`${requiredEnv('SUPABASE_URL')}/auth/v1/user`, {
    headers: { Authorization: authorization, apikey: requiredEnv('SUPABASE_ANON_KEY') },
  });
  if (!response.ok) throw notSignedIn;
  const user = (await response.json()) as { id?: string; email?: string };
  if (!user.id) throw notSignedIn;
  return { id: user.id, email: user.email ?? '' };
}

export interface RestError {
  status: number;
  code?: string;
  message: string;
}

export class RestCallError extends Error {
  constructor(readonly error: RestError) {
    super(error.message);
  }
}

/** A PostgREST call with the service_role key (RLS bypassed; only server code holds the key). */
export async function serviceRest<T>(
  path: string,
  init: { method?: string; body?: unknown; prefer?: string } = {},
): Promise<T> {
  const key = requiredEnv('SUPABASE_SERVICE_ROLE_KEY');
  const headers: Record<string, string> = { apikey: key, Authorization: `Bearer ${key}` };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.prefer) headers.Prefer = init.prefer;
  const response = await fetch(`${requiredEnv('SUPABASE_URL')}/rest/v1/${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  const body = text === '' ? null : (JSON.parse(text) as unknown);
  if (!response.ok) {
    const error = (body ?? {}) as { code?: string; message?: string };
    throw new RestCallError({ status: response.status, code: error.code, message: error.message ?? response.statusText });
  }
  return body as T;
}

export interface RoomRow {
  id: number;
  price: number;
  max_guests: number;
  'house-title': string;
}

export interface BookingRow {
  id: number;
  user_id: string;
  room_id: number;
  startDate: string;
  endDate: string;
  numOfDays: number;
  guest: string;
  adults: number;
  children: number;
  infants: number;
  pets: number;
  status: 'pending' | 'confirmed' | 'cancelled';
}
