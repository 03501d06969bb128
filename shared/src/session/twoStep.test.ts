import type { SupabaseClient } from '@supabase/supabase-js';
import { AuthApiError } from '@supabase/supabase-js';
import { createAppStore } from 'shared/store';
import { supabaseSourceOf } from 'shared/supabase';
import type { RuntimeConfig } from '../config/runtimeConfig';
import { confirmTwoStep, REUSED_CODE_MESSAGE, WRONG_CODE_MESSAGE } from './twoStep';

function storeWith(auth: Record<string, unknown>) {
  const supabase = { auth: { onAuthStateChange: () => ({ data: { subscription: { unsubscribe: () => undefined } } }), ...auth } } as unknown as SupabaseClient;
  return createAppStore({ extra: { supabase: supabaseSourceOf(supabase), config: {} as RuntimeConfig }, tabSync: false });
}

describe('confirmTwoStep', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('says a wrong code is not right', async () => {
    const challengeAndVerify = vi.fn(async () => ({ data: null, error: new AuthApiError('Invalid TOTP code entered', 422, 'mfa_verification_failed') }));
    const store = storeWith({ mfa: { challengeAndVerify } });
    expect(await store.dispatch(confirmTwoStep('f1', '123 456'))).toEqual({ ok: false, message: WRONG_CODE_MESSAGE });
    expect(challengeAndVerify).toHaveBeenCalledWith({ factorId: 'f1', code: '123456' });
  });

  it('says a code already used is spent and to wait for the next one, not that it is wrong', async () => {
    const used = new AuthApiError('This code was already used. Wait for your authenticator app to show the next code.', 403, 'mfa_verification_rejected');
    const store = storeWith({ mfa: { challengeAndVerify: async () => ({ data: null, error: used }) } });
    expect(await store.dispatch(confirmTwoStep('f1', '123456'))).toEqual({ ok: false, message: REUSED_CODE_MESSAGE });
  });
});
