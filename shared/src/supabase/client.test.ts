import { mayHoldSession } from './client';

describe('mayHoldSession', () => {
  it("finds the session's cookie, whole or in chunks, among others", () => {
    expect(mayHoldSession('sb-localhost-auth-token=base64-e30', '')).toBe(true);
    expect(mayHoldSession('theme=dark; sb-abcdefgh-auth-token.0=base64-e30; sb-abcdefgh-auth-token.1=fQ', '')).toBe(true);
  });

  it('finds a sign-in coming back in the URL: a PKCE code, tokens or an error', () => {
    expect(mayHoldSession('', '?code=3f2a')).toBe(true);
    expect(mayHoldSession('', '?next=%2Ftrips#access_token=ey&refresh_token=r')).toBe(true);
    expect(mayHoldSession('', '#error=access_denied&error_description=Denied')).toBe(true);
  });

  it('is false for a signed-out visitor: no session cookie (a PKCE verifier alone is not one) and a plain URL', () => {
    expect(mayHoldSession('', '')).toBe(false);
    expect(mayHoldSession('theme=dark; sb-abcdefgh-auth-token-code-verifier=abc', '?where=Paris&adults=2')).toBe(false);
  });
});
