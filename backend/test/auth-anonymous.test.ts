// Anonymous sign-ins through supabase-js, on PGlite: off unless the backend is
// told (AUTH_ANONYMOUS_USERS=true, as GoTrue's setting), then a user with no email whose tokens
// say is_anonymous, who keeps their data when they give an email and a password.
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';

const MIGRATIONS = fileURLToPath(new URL('../../supabase/migrations', import.meta.url));

const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe.each(databases())('anonymous sign-ins on %s', (kind) => {
  let allowed: TestBackend;
  let refused: TestBackend;
  const client = (backend: TestBackend): SupabaseClient =>
    createClient(backend.url, backend.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });

  beforeAll(async () => {
    allowed = await startTestBackend(kind, { migrationsDir: MIGRATIONS, env: { SEED_ROOMS: '0', AUTH_ANONYMOUS_USERS: 'true' } });
    refused = await startTestBackend(kind, { migrationsDir: MIGRATIONS, env: { SEED_ROOMS: '0' } });
  });
  afterAll(async () => {
    await allowed?.close();
    await refused?.close();
  });

  it('are off by default, and the settings say so', async () => {
    const r = await client(refused).auth.signInAnonymously();
    expect([r.error?.status, r.error?.code]).toEqual([422, 'anonymous_provider_disabled']);
    const settings = (await (await fetch(`${refused.url}/auth/v1/settings`, { headers: { apikey: refused.keys.anonKey } })).json()) as {
      external: { anonymous_users: boolean };
    };
    expect(settings.external.anonymous_users).toBe(false);
  });

  it('when allowed, make a user with no email whose token says is_anonymous, and who can keep data', async () => {
    const traveller = client(allowed);
    const { data, error } = await traveller.auth.signInAnonymously({ options: { data: { name: 'Visitor' } } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ is_anonymous: true, email: '', user_metadata: { name: 'Visitor' }, app_metadata: { provider: 'anonymous' } });
    expect(claims(data.session!.access_token)).toMatchObject({ role: 'authenticated', is_anonymous: true, amr: [{ method: 'anonymous' }] });
    const signedIn = createClient(allowed.url, allowed.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
      global: { headers: { Authorization: `Bearer ${data.session!.access_token}` } },
    });
    const service = createClient(allowed.url, allowed.keys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    const room = await service
      .from('Rooms')
      .insert({ 'house-title': 'Anonymous test house', price: 8300, max_guests: 2, city: 'Testville', country: 'Testland' })
      .select('id')
      .single();
    const roomId = (room.data as { id: number }).id;
    const saved = await signedIn.from('Favorites').insert({ item_id: roomId });
    expect(saved.error).toBeNull();

    // Giving an email and a password makes the account permanent, with its data.
    const email = `anon-${Date.now()}@example.com`;
    const upgraded = await traveller.auth.updateUser({ email, password: 'correct-horse-battery' });
    expect(upgraded.error).toBeNull();
    expect(upgraded.data.user).toMatchObject({ email, is_anonymous: false, app_metadata: { provider: 'email' } });
    const again = await client(allowed).auth.signInWithPassword({ email, password: 'correct-horse-battery' });
    expect(again.data.user?.id).toBe(data.user!.id);
    expect(claims(again.data.session!.access_token).is_anonymous).toBe(false);
    const favourites = await createClient(allowed.url, allowed.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
      global: { headers: { Authorization: `Bearer ${again.data.session!.access_token}` } },
    })
      .from('Favorites')
      .select('item_id');
    expect(favourites.data).toEqual([{ item_id: roomId }]);
  });
});
