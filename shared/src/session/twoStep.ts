/**
 * Two-step sign-in with an authenticator app (TOTP through supabase-js's auth.mfa): whether the
 * account has one and the session used it, setting one up (a QR code and its key, confirmed by a
 * first code), removing it (with a code), and the code asked after a password sign-in, which
 * raises the session to aal2 (what a password or email change, and a host's price or cancellation
 * policy change, need once the account has enrolled).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { StoreExtra } from 'shared/api';
import type { AppDispatch, RootState } from 'shared/store';
import { NETWORK_MESSAGE } from './authActions';

type Thunk<R> = (dispatch: AppDispatch, getState: () => RootState, extra: StoreExtra) => Promise<R>;
type Failure = { ok: false; message: string };

export const CODE_FORMAT_MESSAGE = 'Enter the 6-digit code from your authenticator app.';
export const WRONG_CODE_MESSAGE = 'That code is not right. Check the app and enter the code it shows now.';
/** A right code already used (the server takes each code once): the app's next one will do. */
export const REUSED_CODE_MESSAGE = 'That code was just used. Wait for the app to show the next code, then enter it.';
const TOO_MANY_CODES_MESSAGE = 'Too many wrong codes. Wait a few minutes and try again.';
/** The name the factor is enrolled under (GoTrue refuses two factors of one name). */
const FACTOR_NAME = 'Authenticator app';

async function clientOf(extra: StoreExtra): Promise<SupabaseClient | null> {
  try {
    return await extra.supabase();
  } catch (error) {
    console.error('The auth client could not be loaded', error);
    return null;
  }
}

function failed(context: string, error: { code?: string; message: string }, fallback: string): Failure {
  console.error(context, error);
  if (error.code === 'mfa_verification_failed') return { ok: false, message: WRONG_CODE_MESSAGE };
  if (error.code === 'mfa_verification_rejected') return { ok: false, message: REUSED_CODE_MESSAGE };
  if (error.code === 'over_request_rate_limit') return { ok: false, message: TOO_MANY_CODES_MESSAGE };
  return { ok: false, message: fallback };
}

const normalCode = (code: string) => code.replace(/\s+/g, '');

export interface TwoStepStatus {
  /** The verified authenticator's factor id, or null when two-step sign-in is off. */
  factorId: string | null;
  /** Whether this session signed in with it (aal2). */
  verified: boolean;
}

/** Whether the account has an authenticator and whether this session used it. */
export function twoStepStatus(): Thunk<{ ok: true; status: TwoStepStatus } | Failure> {
  return async (_dispatch, _getState, extra) => {
    const supabase = await clientOf(extra);
    if (!supabase) return { ok: false, message: NETWORK_MESSAGE };
    const [factors, level] = await Promise.all([supabase.auth.mfa.listFactors(), supabase.auth.mfa.getAuthenticatorAssuranceLevel()]);
    if (factors.error) return failed('Error listing factors:', factors.error, 'Two-step sign-in could not be checked.');
    if (level.error) return failed('Error reading the sign-in level:', level.error, 'Two-step sign-in could not be checked.');
    return { ok: true, status: { factorId: factors.data.totp[0]?.id ?? null, verified: level.data.currentLevel === 'aal2' } };
  };
}

export interface Enrolment {
  factorId: string;
  /** An SVG data URL of the otpauth URI. */
  qrCode: string;
  /** The key, for typing into the app instead of scanning. */
  secret: string;
}

/** Starts setting up an authenticator: its QR code and key; a set-up left unfinished is dropped first. */
export function startTwoStep(): Thunk<{ ok: true; enrolment: Enrolment } | Failure> {
  return async (_dispatch, _getState, extra) => {
    const supabase = await clientOf(extra);
    if (!supabase) return { ok: false, message: NETWORK_MESSAGE };
    const factors = await supabase.auth.mfa.listFactors();
    if (factors.error) return failed('Error listing factors:', factors.error, 'Two-step sign-in could not be set up.');
    for (const factor of factors.data.all.filter((f) => f.status === 'unverified')) {
      await supabase.auth.mfa.unenroll({ factorId: factor.id });
    }
    const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: FACTOR_NAME, issuer: 'Homestory' });
    if (error) return failed('Error enrolling a factor:', error, 'Two-step sign-in could not be set up.');
    return { ok: true, enrolment: { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret } };
  };
}

/** Checks a code against `factorId` (a set-up's first code, or the sign-in's): the session becomes aal2. */
export function confirmTwoStep(factorId: string, code: string): Thunk<{ ok: true } | Failure> {
  return async (_dispatch, _getState, extra) => {
    const digits = normalCode(code);
    if (!/^\d{6}$/.test(digits)) return { ok: false, message: CODE_FORMAT_MESSAGE };
    const supabase = await clientOf(extra);
    if (!supabase) return { ok: false, message: NETWORK_MESSAGE };
    const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code: digits });
    if (error) return failed('Error verifying a code:', error, 'The code could not be checked. Please try again.');
    return { ok: true };
  };
}

/**
 * Raises this session to aal2 with a code from the account's authenticator app, for a change the
 * server asked it for (a password or email change answered needsCode).
 */
export function proveTwoStep(code: string): Thunk<{ ok: true } | Failure> {
  return async (dispatch, getState, extra) => {
    if (!/^\d{6}$/.test(normalCode(code))) return { ok: false, message: CODE_FORMAT_MESSAGE };
    const status = await twoStepStatus()(dispatch, getState, extra);
    if (!status.ok) return status;
    if (status.status.verified || !status.status.factorId) return { ok: true };
    return confirmTwoStep(status.status.factorId, code)(dispatch, getState, extra);
  };
}

/** Removes the authenticator; a session that did not use it yet proves it with `code` first (GoTrue asks aal2). */
export function removeTwoStep(factorId: string, code: string, verified: boolean): Thunk<{ ok: true } | Failure> {
  return async (dispatch, getState, extra) => {
    if (!verified) {
      const confirmed = await confirmTwoStep(factorId, code)(dispatch, getState, extra);
      if (!confirmed.ok) return confirmed;
    }
    const supabase = await clientOf(extra);
    if (!supabase) return { ok: false, message: NETWORK_MESSAGE };
    const { error } = await supabase.auth.mfa.unenroll({ factorId });
    if (error) return failed('Error removing a factor:', error, 'Two-step sign-in could not be turned off.');
    // The session's token still says aal2 until refreshed: refresh so it matches at once.
    await supabase.auth.refreshSession();
    return { ok: true };
  };
}
