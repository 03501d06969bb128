/**
 * Sign-in, sign-up, Google, guest, sign-out and the name change, as thunks over the store's
 * supabase client (accounts spec sections 4, 5, 7 and 8, with ARCHITECTURE section 6's
 * departures: a new email signs up, and the guest button makes each visitor an account of their
 * own, named Guest, which they can keep by giving it an email and a password).
 *
 * Each answers an AuthOutcome instead of throwing, so the dialog can say what went wrong.
 */
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { toAppUser, type StoreExtra } from 'shared/api';
import { setUserData } from 'shared/state';
import type { AppDispatch, RootState } from 'shared/store';
import { clearUserState } from './session';
import { returnPathOf, safeReturnPath } from 'shared/url';

export const REQUIRED_MESSAGE = 'Email and password are required.';
export const WRONG_PASSWORD_MESSAGE = 'That password is not right for this email. Check it and try again.';
export const WEAK_PASSWORD_MESSAGE = 'Wrong email or password. New here? Choose a password of at least 6 characters.';
export const NETWORK_MESSAGE = 'We could not reach the server. Check your connection and try again.';
export const GUEST_NAME = 'Guest';

export type AuthOutcome =
  | { ok: true; user: User | null }
  /** A new account was created: the dialog asks for the name next. */
  | { ok: true; user: User; signedUp: true }
  | { ok: false; message: string }
  /** The account has an authenticator app and this session did not use it: ask for its code (proveTwoStep), then again. */
  | { ok: false; message: string; needsCode: true };

type Thunk<R> = (dispatch: AppDispatch, getState: () => RootState, extra: StoreExtra) => Promise<R>;

/** supabase-js's own test (`isAuthError`), without loading it before the client is made. */
function isAuthError(error: unknown): error is Error {
  return typeof error === 'object' && error !== null && (error as { __isAuthError?: unknown }).__isAuthError === true;
}

/** The page's client, or null (logged) when supabase-js could not be loaded: the network failed. */
async function loadedClient(extra: StoreExtra): Promise<SupabaseClient | null> {
  try {
    return await extra.supabase();
  } catch (error) {
    console.error('The auth client could not be loaded', error);
    return null;
  }
}

const NETWORK_FAILURE = { ok: false, message: NETWORK_MESSAGE } as const;

function failure(error: unknown, fallback: string): { ok: false; message: string } {
  if (isAuthError(error) && error.name === 'AuthRetryableFetchError') return { ok: false, message: NETWORK_MESSAGE };
  if (error instanceof Error && error.message) return { ok: false, message: error.message };
  return { ok: false, message: fallback };
}

/**
 * Continue with email and password: signs in; when no account matches, tries to sign the email
 * up with that password. Sign-up does not reveal existing accounts: for one it answers, as GoTrue
 * does, a user with no identities and no session, which here means the password was wrong, and
 * says so; a new one is created and the caller asks for a name.
 */
export function continueWithPassword(email: string, password: string): Thunk<AuthOutcome> {
  return async (dispatch, _getState, extra) => {
    if (email === '' || password === '') return { ok: false, message: REQUIRED_MESSAGE };
    const supabase = await loadedClient(extra);
    if (!supabase) return NETWORK_FAILURE;
    const signIn = await supabase.auth.signInWithPassword({ email, password });
    if (!signIn.error) {
      dispatch(setUserData(toAppUser(signIn.data.user)));
      return { ok: true, user: signIn.data.user };
    }
    console.error('Error signing in:', signIn.error);
    if (signIn.error.code !== 'invalid_credentials') return failure(signIn.error, 'Sign-in failed. Please try again.');
    const signUp = await supabase.auth.signUp({ email, password });
    if (signUp.error) {
      if (signUp.error.code === 'weak_password') return { ok: false, message: WEAK_PASSWORD_MESSAGE };
      return failure(signUp.error, 'Sign-up failed. Please try again.');
    }
    const user = signUp.data.user;
    if (user && !signUp.data.session && user.identities?.length === 0) return { ok: false, message: WRONG_PASSWORD_MESSAGE };
    if (!user || !signUp.data.session) {
      return { ok: false, message: 'Check your email to confirm your account, then log in.' };
    }
    dispatch(setUserData(toAppUser(user)));
    return { ok: true, user, signedUp: true };
  };
}

/** Sets user_metadata.name (the new user's name step and the Personal info page). */
export const NAME_REQUIRED_MESSAGE = 'Please enter your name.';

/** The user's name (trimmed; an empty one is refused before anything is sent). */
export function updateUserName(name: string, extraData: Record<string, string> = {}): Thunk<AuthOutcome> {
  return async (dispatch, _getState, extra) => {
    const trimmed = name.trim();
    if (trimmed === '') return { ok: false, message: NAME_REQUIRED_MESSAGE };
    const supabase = await loadedClient(extra);
    if (!supabase) return NETWORK_FAILURE;
    const { data, error } = await supabase.auth.updateUser({ data: { name: trimmed, ...extraData } });
    if (error) {
      console.error('Error updating user metadata:', error);
      return failure(error, 'Your name could not be saved. Please try again.');
    }
    dispatch(setUserData(toAppUser(data.user)));
    return { ok: true, user: data.user };
  };
}

export const RESET_PASSWORD_PATH = '/reset-password';
export const EMAIL_REQUIRED_MESSAGE = 'Please enter your email.';

/**
 * 'Forgot password?': asks the auth server to email a code and a link that opens the reset page
 * signed in. The answer is the same whether or not the email has an account.
 */
export function requestPasswordReset(email: string, origin: string = window.location.origin): Thunk<AuthOutcome> {
  return async (_dispatch, _getState, extra) => {
    if (email.trim() === '') return { ok: false, message: EMAIL_REQUIRED_MESSAGE };
    const supabase = await loadedClient(extra);
    if (!supabase) return NETWORK_FAILURE;
    const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), { redirectTo: `${origin}${RESET_PASSWORD_PATH}` });
    if (error) {
      console.error('Error requesting a password reset:', error);
      return failure(error, 'The reset link could not be sent. Please try again.');
    }
    return { ok: true, user: null };
  };
}

export const PASSWORD_CODE_MESSAGE = 'To change your password, also enter the code from your authenticator app.';
export const EMAIL_CODE_MESSAGE = 'To change your email, also enter the code from your authenticator app.';

/** The reset page's new password, for the user its link signed in (and, with an authenticator app, its code). */
export function setNewPassword(password: string): Thunk<AuthOutcome> {
  return async (dispatch, _getState, extra) => {
    const supabase = await loadedClient(extra);
    if (!supabase) return NETWORK_FAILURE;
    const { data, error } = await supabase.auth.updateUser({ password });
    if (error) {
      console.error('Error setting a new password:', error);
      if (error.code === 'insufficient_aal') return { ok: false, message: PASSWORD_CODE_MESSAGE, needsCode: true };
      return failure(error, 'Your password could not be changed. Please try again.');
    }
    dispatch(setUserData(toAppUser(data.user)));
    return { ok: true, user: data.user };
  };
}

export const EMAIL_TAKEN_MESSAGE = 'Another account already uses that email.';
export const CURRENT_PASSWORD_MESSAGE = 'Your current password is not right. Check it and try again.';
export const PASSWORD_MISMATCH_MESSAGE = 'The new passwords do not match.';
export const TOO_MANY_TRIES_MESSAGE = 'Too many wrong passwords. Wait a few minutes and try again.';

/**
 * Login & Security's password change: the server checks the current password (GoTrue's
 * current_password; wrong ones count against the sign-in limit) and the new one's length. An
 * account without a password yet (Google) sets its first with none. An account with an
 * authenticator app changes it (and its email) only from a session that gave the app's code
 * (GoTrue's insufficient_aal): the answer then says to ask for it.
 */
export function changePassword(current: string, next: string, confirm: string): Thunk<AuthOutcome> {
  return async (_dispatch, _getState, extra) => {
    if (next === '') return { ok: false, message: 'Enter a new password.' };
    if (next !== confirm) return { ok: false, message: PASSWORD_MISMATCH_MESSAGE };
    const supabase = await loadedClient(extra);
    if (!supabase) return NETWORK_FAILURE;
    const { data, error } = await supabase.auth.updateUser(current === '' ? { password: next } : { password: next, current_password: current });
    if (error) {
      console.error('Error changing the password:', error);
      if (error.code === 'current_password_required') return { ok: false, message: 'Enter your current password.' };
      if (error.code === 'current_password_mismatch') return { ok: false, message: CURRENT_PASSWORD_MESSAGE };
      if (error.code === 'over_request_rate_limit') return { ok: false, message: TOO_MANY_TRIES_MESSAGE };
      if (error.code === 'insufficient_aal') return { ok: false, message: PASSWORD_CODE_MESSAGE, needsCode: true };
      return failure(error, 'Your password could not be changed. Please try again.');
    }
    return { ok: true, user: data.user };
  };
}

/**
 * Login & Security's email change: the server mails a confirmation link to the new address and
 * to the current one, and changes the email once both are followed (GoTrue's secure email change).
 */
export function changeEmail(email: string, origin: string = window.location.origin): Thunk<AuthOutcome> {
  return async (_dispatch, _getState, extra) => {
    if (email.trim() === '') return { ok: false, message: EMAIL_REQUIRED_MESSAGE };
    const supabase = await loadedClient(extra);
    if (!supabase) return NETWORK_FAILURE;
    const { data, error } = await supabase.auth.updateUser({ email: email.trim() }, { emailRedirectTo: `${origin}/account-settings` });
    if (error) {
      console.error('Error changing the email:', error);
      if (error.code === 'email_exists') return { ok: false, message: EMAIL_TAKEN_MESSAGE };
      if (error.code === 'insufficient_aal') return { ok: false, message: EMAIL_CODE_MESSAGE, needsCode: true };
      return failure(error, 'Your email could not be changed. Please try again.');
    }
    return { ok: true, user: data.user };
  };
}

export const GUEST_UNAVAILABLE_MESSAGE = 'Guest sign-in is not available right now. Please try again, or log in with an email.';

/**
 * 'Sign in as a Guest user': an account of the visitor's own (GoTrue's anonymous sign-in), named
 * Guest, with no email or password; its trips, favourites and cards are theirs alone, and
 * `createAccountFromGuest` makes it a permanent account that keeps them.
 */
export function signInAsGuest(): Thunk<AuthOutcome> {
  return async (dispatch, _getState, extra) => {
    const supabase = await loadedClient(extra);
    if (!supabase) return NETWORK_FAILURE;
    const { data, error } = await supabase.auth.signInAnonymously({ options: { data: { name: GUEST_NAME } } });
    if (error || !data.user) {
      console.error('Error signing in as a guest:', error);
      return failure(error, GUEST_UNAVAILABLE_MESSAGE);
    }
    dispatch(setUserData(toAppUser(data.user)));
    return { ok: true, user: data.user };
  };
}

export const NEW_PASSWORD_RULE_MESSAGE = 'Choose a password of at least 6 characters.';

/**
 * A guest makes their account permanent: the email and password become its way in (supabase-js's
 * updateUser on an anonymous user, as GoTrue converts one), and its trips, favourites and name
 * stay. The session is refreshed at once so that its token no longer says is_anonymous.
 */
export function createAccountFromGuest(email: string, password: string): Thunk<AuthOutcome> {
  return async (dispatch, _getState, extra) => {
    const wanted = email.trim();
    if (wanted === '' || password === '') return { ok: false, message: REQUIRED_MESSAGE };
    if (password.length < 6) return { ok: false, message: NEW_PASSWORD_RULE_MESSAGE };
    const supabase = await loadedClient(extra);
    if (!supabase) return NETWORK_FAILURE;
    const { data, error } = await supabase.auth.updateUser({ email: wanted, password });
    if (error) {
      console.error('Error creating an account from a guest:', error);
      if (error.code === 'email_exists') return { ok: false, message: EMAIL_TAKEN_MESSAGE };
      if (error.code === 'weak_password') return { ok: false, message: NEW_PASSWORD_RULE_MESSAGE };
      if (error.code === 'email_address_invalid' || error.code === 'validation_failed') return { ok: false, message: 'Enter a valid email.' };
      return failure(error, 'Your account could not be created. Please try again.');
    }
    // Logged only: the account is made either way, and the token is refreshed within the hour.
    const refreshed = await supabase.auth.refreshSession();
    if (refreshed.error) console.error('Error refreshing the session:', refreshed.error);
    dispatch(setUserData(toAppUser(refreshed.data.user ?? data.user)));
    return { ok: true, user: data.user };
  };
}

/** Where a login made on /login lands when /login was not asked to return anywhere (the browse page, not the landing page). */
export const AFTER_LOGIN_PATH = '/home';

/**
 * Where Google sends the user back: the dialog's return path (`returnTo`: Reserve's booking page);
 * else this page with its query (the search or the stay); from /login, the page it was asked to
 * return to, else /home.
 */
export function oauthRedirectTarget(location: Pick<Location, 'origin' | 'pathname' | 'search'>, returnTo: string | null = null): string {
  if (returnTo) return `${location.origin}${returnTo}`;
  if (location.pathname.includes('/login')) return `${location.origin}${returnPathOf(location.search) ?? AFTER_LOGIN_PATH}`;
  return `${location.origin}${location.pathname}${location.search}`;
}

/** Leaves for the backend's OAuth flow (Google, or its local OpenID provider). */
export function signInWithGoogle(returnTo: string | null = null): Thunk<AuthOutcome> {
  return async (_dispatch, _getState, extra) => {
    const supabase = await loadedClient(extra);
    if (!supabase) return NETWORK_FAILURE;
    const { error } = await supabase.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: oauthRedirectTarget(window.location, returnTo) },
    });
    if (error) {
      console.error('Error signing in with Google:', error);
      return failure(error, 'Google sign-in failed. Please try again.');
    }
    return { ok: true, user: null };
  };
}

/**
 * Log out: signs out, then clears local storage and the user state and reloads. A sign-out
 * error is answered to the caller (which shows it) and nothing is cleared or reloaded: the
 * session is still alive on the server, so the screen keeps saying so. (The spec clears first;
 * clearing after a confirmed sign-out ends in the same state and never shows a signed-out page
 * over a live session.)
 */
export function signOut(reload: () => void = () => window.location.reload()): Thunk<AuthOutcome> {
  return async (dispatch, _getState, extra) => {
    const supabase = await loadedClient(extra);
    if (!supabase) return NETWORK_FAILURE;
    const { error } = await supabase.auth.signOut();
    if (error) {
      console.error('Error signing out:', error);
      return failure(error, 'Log out failed. Please try again.');
    }
    localStorage.clear();
    dispatch(clearUserState());
    reload();
    return { ok: true, user: null };
  };
}

/**
 * After a password login: a dialog opened with a return path (Reserve) goes there; a login made
 * on /login goes to the page it was asked to return to, else to /home; otherwise the page reloads
 * (its URL keeps the search or the stay).
 */
export function afterPasswordLogin(
  returnTo: string | null = null,
  location: Pick<Location, 'pathname' | 'search' | 'assign' | 'reload'> = window.location,
): void {
  const safe = safeReturnPath(returnTo);
  if (safe) location.assign(safe);
  else if (location.pathname.includes('/login')) location.assign(returnPathOf(location.search) ?? AFTER_LOGIN_PATH);
  else location.reload();
}
