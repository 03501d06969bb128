// @vitest-environment node
import { REQUIRED_MESSAGE } from 'shared/session';
import type { RuntimeConfig } from 'shared/config';
import { hasSessionCookie, passwordSignIn } from './session';

describe('hasSessionCookie', () => {
  it('finds the session cookie @supabase/ssr writes, whole or in chunks', () => {
    expect(hasSessionCookie('sb-localhost-auth-token=base64-eyJ9')).toBe(true);
    expect(hasSessionCookie('theme=dark; sb-abcdefgh-auth-token.0=base64-eyJ; sb-abcdefgh-auth-token.1=9')).toBe(true);
  });

  it('is false without one: no cookies, other cookies, or only the PKCE verifier', () => {
    expect(hasSessionCookie(undefined)).toBe(false);
    expect(hasSessionCookie('')).toBe(false);
    expect(hasSessionCookie('theme=dark; sb-auth-token=x')).toBe(false);
    expect(hasSessionCookie('sb-localhost-auth-token-code-verifier=base64-abc')).toBe(false);
  });
});

describe('passwordSignIn', () => {
  it('asks for both fields before asking the auth server', async () => {
    // An address nothing listens on: an empty field must not get as far as a request.
    const config = { supabaseUrl: 'http://127.0.0.1:9', supabaseAnonKey: 'anon' } as RuntimeConfig;
    expect(await passwordSignIn(config, '', 'secret', false)).toEqual({ ok: false, message: REQUIRED_MESSAGE });
    expect(await passwordSignIn(config, 'ada@example.com', '', false)).toEqual({ ok: false, message: REQUIRED_MESSAGE });
  });
});
