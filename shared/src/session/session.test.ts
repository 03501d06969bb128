/**
 * Session and auth rules with the real store. The auth server is a scripted stand-in that
 * answers and emits events the way supabase-js does (the real round trips are in e2e).
 */
import type { AuthChangeEvent, Session, SupabaseClient, User } from '@supabase/supabase-js';
import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js';
import { createAppStore } from 'shared/store';
import type { RuntimeConfig } from '../config/runtimeConfig';
import { sessionApi, toAppUser } from 'shared/api';
import { selectUserData, selectUserFavListing, tabStateReceived } from 'shared/state';
import { supabaseSourceOf } from 'shared/supabase';
import { startSession } from './session';
import {
  afterPasswordLogin,
  continueWithPassword,
  oauthRedirectTarget,
  signInAsGuest,
  createAccountFromGuest,
  signOut,
  updateUserName,
  REQUIRED_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  NEW_PASSWORD_RULE_MESSAGE,
} from './authActions';

const ada = { id: 'u-ada', email: 'ada@example.com', user_metadata: { name: 'ada lovelace' } } as unknown as User;
const guest = { id: 'u-guest', email: '', is_anonymous: true, user_metadata: { name: 'Guest' } } as unknown as User;
const noUser = { data: { user: null, session: null }, error: null };
const invalid = new AuthApiError('Invalid login credentials', 400, 'invalid_credentials');
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function fakeAuth(overrides: Record<string, unknown> = {}) {
  let listener: ((event: AuthChangeEvent, session: Session | null) => void) | null = null;
  const calls: string[] = [];
  const auth = {
    getUser: vi.fn(async () => ({ data: { user: null }, error: null })),
    getSession: vi.fn(async () => ({ data: { session: null }, error: null })),
    onAuthStateChange: (callback: typeof listener) => {
      listener = callback;
      return { data: { subscription: { unsubscribe: () => calls.push('unsubscribe') } } };
    },
    signInWithPassword: vi.fn(async () => ({ ...noUser, error: invalid })),
    signUp: vi.fn(async () => ({ data: { user: ada, session: {} }, error: null })),
    updateUser: vi.fn(async ({ data }: { data: Record<string, string> }) => ({
      data: { user: { ...ada, user_metadata: data } },
      error: null,
    })),
    signOut: vi.fn(async () => ({ error: null })),
    signInAnonymously: vi.fn(async () => ({ data: { user: guest, session: {} }, error: null })),
    refreshSession: vi.fn(async () => ({ data: { user: null, session: null }, error: null })),
    ...overrides,
  };
  const favourites = [{ item_id: 4 }, { item_id: 9 }];
  const query = {
    select: () => query,
    eq: () => query,
    then: (resolve: (value: unknown) => void) => {
      calls.push('load favourites');
      resolve({ data: favourites, error: null });
    },
  };
  const supabase = { auth, from: () => query } as unknown as SupabaseClient;
  const config = {} as RuntimeConfig;
  const store = createAppStore({ extra: { supabase: supabaseSourceOf(supabase), config }, tabSync: false });
  const emit = (event: AuthChangeEvent, user: User | null) =>
    listener?.(event, user ? ({ user, access_token: 't' } as unknown as Session) : null);
  return { auth, store, emit, calls };
}

describe('toAppUser', () => {
  it('keeps id, email and the metadata name (or null)', () => {
    expect(toAppUser(ada)).toEqual({ id: 'u-ada', email: 'ada@example.com', name: 'ada lovelace', isAnonymous: false });
    expect(toAppUser({ id: 'x', user_metadata: {} } as unknown as User)).toEqual({ id: 'x', email: null, name: null, isAnonymous: false });
  });

  it("says a guest's anonymous account is one, with no email (GoTrue answers '')", () => {
    expect(toAppUser(guest)).toEqual({ id: 'u-guest', email: null, name: 'Guest', isAnonymous: true });
  });
});

describe('startSession', () => {
  it('fetches the current user at load and loads their favourites once', async () => {
    const { auth, store, emit, calls } = fakeAuth();
    auth.getUser.mockResolvedValue({ data: { user: ada }, error: null } as never);
    startSession(store);
    emit('INITIAL_SESSION', ada);
    await flush();
    await flush();
    expect(auth.getUser).toHaveBeenCalledTimes(1);
    expect(selectUserData(store.getState())).toEqual(toAppUser(ada));
    expect(selectUserFavListing(store.getState())).toEqual([4, 9]);
    expect(calls.filter((call) => call === 'load favourites')).toHaveLength(1);
  });

  it("keeps the stored session's user when the auth server cannot be reached, not when it refuses the session", async () => {
    const stored = { data: { session: { user: ada, access_token: 't' } }, error: null };
    const unreachable = fakeAuth();
    unreachable.auth.getUser.mockResolvedValue({ data: { user: null }, error: new AuthRetryableFetchError('Failed to fetch', 0) } as never);
    unreachable.auth.getSession.mockResolvedValue(stored as never);
    startSession(unreachable.store);
    await vi.waitFor(() => expect(selectUserData(unreachable.store.getState())).toEqual(toAppUser(ada)));

    const refused = fakeAuth();
    refused.auth.getUser.mockResolvedValue({ data: { user: null }, error: new AuthApiError('User from sub claim in JWT does not exist', 403, 'user_not_found') } as never);
    refused.auth.getSession.mockResolvedValue(stored as never);
    startSession(refused.store);
    await vi.waitFor(() => expect(sessionApi.endpoints.getSessionUser.select()(refused.store.getState()).isSuccess).toBe(true));
    expect(selectUserData(refused.store.getState())).toBeNull();
  });

  it('stays signed out when there is no user', async () => {
    const { store, emit } = fakeAuth();
    startSession(store);
    await flush();
    emit('INITIAL_SESSION', null);
    await flush();
    expect(selectUserData(store.getState())).toBeNull();
  });

  it('follows a sign-in, keeps the user on token refresh and clears them on sign-out', async () => {
    const { store, emit } = fakeAuth();
    const stop = startSession(store);
    // The client is made on first use: its events are followed once it is.
    await flush();
    emit('SIGNED_IN', ada);
    await flush();
    await flush();
    expect(selectUserData(store.getState())?.id).toBe('u-ada');
    emit('TOKEN_REFRESHED', ada);
    await flush();
    expect(selectUserData(store.getState())?.id).toBe('u-ada');
    emit('SIGNED_OUT', null);
    await flush();
    expect(selectUserData(store.getState())).toBeNull();
    expect(selectUserFavListing(store.getState())).toEqual([]);
    stop();
  });
});

describe('startSession, stopped', () => {
  it('before the client is made, follows none of its events', async () => {
    const { store, emit, calls } = fakeAuth();
    startSession(store)();
    await flush();
    emit('SIGNED_IN', ada);
    await flush();
    await flush();
    expect(selectUserData(store.getState())).toBeNull();
    expect(calls).not.toContain('unsubscribe');
  });

  it('after the client is made, unsubscribes from its events', async () => {
    const { store, calls } = fakeAuth();
    const stop = startSession(store);
    await flush();
    stop();
    expect(calls).toContain('unsubscribe');
  });
});

describe('continueWithPassword', () => {
  it('needs both fields: "Email and password are required."', async () => {
    const { auth, store } = fakeAuth();
    expect(await store.dispatch(continueWithPassword('', 'x'))).toEqual({ ok: false, message: REQUIRED_MESSAGE });
    expect(await store.dispatch(continueWithPassword('a@b.c', ''))).toEqual({ ok: false, message: REQUIRED_MESSAGE });
    expect(auth.signInWithPassword).not.toHaveBeenCalled();
  });

  it('signs an existing user in', async () => {
    const { auth, store } = fakeAuth();
    auth.signInWithPassword.mockResolvedValue({ data: { user: ada, session: {} }, error: null } as never);
    const outcome = await store.dispatch(continueWithPassword('ada@example.com', 'right'));
    expect(outcome).toEqual({ ok: true, user: ada });
    expect(selectUserData(store.getState())?.name).toBe('ada lovelace');
  });

  it('says the password is wrong when the email already has an account', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { auth, store } = fakeAuth();
    // The backend's answer for an existing email: an unsaved user with no identities, no session.
    auth.signUp.mockResolvedValue({
      data: { user: { id: 'unsaved', email: 'ada@example.com', identities: [], user_metadata: {} }, session: null },
      error: null,
    } as never);
    expect(await store.dispatch(continueWithPassword('ada@example.com', 'wrong'))).toEqual({
      ok: false,
      message: WRONG_PASSWORD_MESSAGE,
    });
    expect(selectUserData(store.getState())).toBeNull();
  });

  it('signs a new email up and tells the caller to ask for a name', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { auth, store } = fakeAuth();
    const outcome = await store.dispatch(continueWithPassword('new@example.com', 'secret1'));
    expect(auth.signUp).toHaveBeenCalledWith({ email: 'new@example.com', password: 'secret1' });
    expect(outcome).toMatchObject({ ok: true, signedUp: true });
    await store.dispatch(updateUserName('Grace'));
    expect(auth.updateUser).toHaveBeenCalledWith({ data: { name: 'Grace' } });
    expect(selectUserData(store.getState())?.name).toBe('Grace');
  });

  it('refuses a blank name before anything is sent, and saves a name trimmed', async () => {
    const { auth, store } = fakeAuth();
    expect(await store.dispatch(updateUserName('   '))).toEqual({ ok: false, message: NAME_REQUIRED_MESSAGE });
    expect(auth.updateUser).not.toHaveBeenCalled();
    await store.dispatch(updateUserName('  Grace Hopper '));
    expect(auth.updateUser).toHaveBeenCalledWith({ data: { name: 'Grace Hopper' } });
  });
});

describe('signInAsGuest', () => {
  it("signs the visitor into an account of their own (anonymous sign-in) named Guest, with no shared credentials", async () => {
    const { auth, store } = fakeAuth();
    expect(await store.dispatch(signInAsGuest())).toMatchObject({ ok: true });
    expect(auth.signInAnonymously).toHaveBeenCalledWith({ options: { data: { name: 'Guest' } } });
    expect(auth.signInWithPassword).not.toHaveBeenCalled();
    expect(selectUserData(store.getState())).toEqual({ id: 'u-guest', email: null, name: 'Guest', isAnonymous: true });
  });

  it('says so when the server refuses anonymous sign-ins', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refused = new AuthApiError('Anonymous sign-ins are disabled', 422, 'anonymous_provider_disabled');
    const { store } = fakeAuth({ signInAnonymously: async () => ({ data: { user: null, session: null }, error: refused }) });
    expect(await store.dispatch(signInAsGuest())).toEqual({ ok: false, message: 'Anonymous sign-ins are disabled' });
    expect(selectUserData(store.getState())).toBeNull();
  });
});

describe('createAccountFromGuest', () => {
  const kept = { ...guest, email: 'new@example.com', is_anonymous: false } as unknown as User;

  it('gives the guest account an email and a password, refreshes the token and keeps the user (and name)', async () => {
    const { auth, store } = fakeAuth({
      updateUser: vi.fn(async () => ({ data: { user: kept }, error: null })),
      refreshSession: vi.fn(async () => ({ data: { user: kept, session: {} }, error: null })),
    });
    await store.dispatch(signInAsGuest());
    expect(await store.dispatch(createAccountFromGuest(' new@example.com ', 'secret1'))).toMatchObject({ ok: true });
    expect(auth.updateUser).toHaveBeenCalledWith({ email: 'new@example.com', password: 'secret1' });
    expect(auth.refreshSession).toHaveBeenCalled();
    expect(selectUserData(store.getState())).toEqual({ id: 'u-guest', email: 'new@example.com', name: 'Guest', isAnonymous: false });
  });

  it('refuses a missing field or a short password before anything is sent, and says when the email is taken', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const taken = new AuthApiError('A user with this email address has already been registered', 422, 'email_exists');
    const { auth, store } = fakeAuth({ updateUser: vi.fn(async () => ({ data: { user: null }, error: taken })) });
    expect(await store.dispatch(createAccountFromGuest('', 'secret1'))).toEqual({ ok: false, message: REQUIRED_MESSAGE });
    expect(await store.dispatch(createAccountFromGuest('a@b.co', '12345'))).toEqual({ ok: false, message: NEW_PASSWORD_RULE_MESSAGE });
    expect(auth.updateUser).not.toHaveBeenCalled();
    expect(await store.dispatch(createAccountFromGuest('a@b.co', 'secret1'))).toEqual({ ok: false, message: EMAIL_TAKEN_MESSAGE });
  });
});

describe('signOut', () => {
  it('signs out, then clears local storage and the user state and reloads', async () => {
    const { auth, store } = fakeAuth();
    localStorage.setItem('draft', '1');
    store.dispatch(tabStateReceived({ userData: toAppUser(ada), userFavListing: [3], isFavorite: false, itemId: null }));
    const reload = vi.fn();
    const outcome = await store.dispatch(signOut(reload));
    expect(localStorage.length).toBe(0);
    expect(auth.signOut).toHaveBeenCalled();
    expect(selectUserFavListing(store.getState())).toEqual([]);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(outcome.ok).toBe(true);
  });

  it('answers a sign-out error and does not reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store } = fakeAuth({ signOut: async () => ({ error: new AuthApiError('Server down', 500, 'unexpected_failure') }) });
    store.dispatch(tabStateReceived({ userData: toAppUser(ada), userFavListing: [3], isFavorite: false, itemId: null }));
    localStorage.setItem('draft', '1');
    const reload = vi.fn();
    expect(await store.dispatch(signOut(reload))).toEqual({ ok: false, message: 'Server down' });
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem('draft')).toBe('1');
    expect(selectUserFavListing(store.getState())).toEqual([3]);
  });
});

describe('redirects', () => {
  it('Google returns to the dialog\'s return path, else this page with its stay, or from /login to its return path or /home', () => {
    expect(oauthRedirectTarget({ origin: 'http://x', pathname: '/house/4', search: '?adults=2' })).toBe('http://x/house/4?adults=2');
    expect(oauthRedirectTarget({ origin: 'http://x', pathname: '/house/4', search: '?adults=2' }, '/4/book?adults=2')).toBe('http://x/4/book?adults=2');
    expect(oauthRedirectTarget({ origin: 'http://x', pathname: '/login', search: '' })).toBe('http://x/home');
    expect(oauthRedirectTarget({ origin: 'http://x', pathname: '/login', search: '?next=%2F4%2Fbook%3Fadults%3D2' })).toBe('http://x/4/book?adults=2');
    expect(oauthRedirectTarget({ origin: 'http://x', pathname: '/login', search: '?next=https%3A%2F%2Fevil.example' })).toBe('http://x/home');
  });

  it('a password login goes to the dialog\'s return path, else reloads, or from /login goes to its return path or /home', () => {
    const reserve = { pathname: '/house/4', search: '?adults=2', assign: vi.fn(), reload: vi.fn() };
    afterPasswordLogin('/4/book?adults=2', reserve);
    expect(reserve.assign).toHaveBeenCalledWith('/4/book?adults=2');
    const smuggled = { pathname: '/house/4', search: '', assign: vi.fn(), reload: vi.fn() };
    afterPasswordLogin('//evil.example', smuggled);
    expect([smuggled.assign.mock.calls.length, smuggled.reload.mock.calls.length]).toEqual([0, 1]);
    const here = { pathname: '/wishlist', search: '', assign: vi.fn(), reload: vi.fn() };
    afterPasswordLogin(null, here);
    expect(here.reload).toHaveBeenCalled();
    const login = { pathname: '/login', search: '', assign: vi.fn(), reload: vi.fn() };
    afterPasswordLogin(null, login);
    expect(login.assign).toHaveBeenCalledWith('/home');
    const returning = { pathname: '/login', search: '?next=%2F4%2Fbook%3Fadults%3D2', assign: vi.fn(), reload: vi.fn() };
    afterPasswordLogin(null, returning);
    expect(returning.assign).toHaveBeenCalledWith('/4/book?adults=2');
    const hostile = { pathname: '/login', search: '?next=%2F%2Fevil.example', assign: vi.fn(), reload: vi.fn() };
    afterPasswordLogin(null, hostile);
    expect(hostile.assign).toHaveBeenCalledWith('/home');
  });
});
