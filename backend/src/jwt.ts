import { errors, jwtVerify, SignJWT } from 'jose';
import { JwtError, type JwtClaims } from './context.ts';

/** The database roles a token may select (Supabase's): anything else is refused as a bad claim. */
export const API_ROLES: readonly string[] = ['anon', 'authenticated', 'service_role'];

/** HS256 sign/verify with one secret; messages are PostgREST v14's JWT error texts. */
export function jwtHelpers(secret: string) {
  const key = new TextEncoder().encode(secret);
  // Tokens already verified (every request repeats the same few): the signature is checked once,
  // expiry on every use. Bounded; emptied when full.
  const verified = new Map<string, JwtClaims>();
  const MAX_CACHED = 10_000;

  async function verifyJwt(token: string): Promise<JwtClaims> {
    const cached = verified.get(token);
    if (cached) {
      if (typeof cached.exp === 'number' && cached.exp + 30 < Date.now() / 1000) {
        verified.delete(token);
        throw new JwtError('expired', 'JWT expired');
      }
      return cached;
    }
    const claims = Object.freeze(await verifyUncached(token));
    if (verified.size >= MAX_CACHED) verified.clear();
    verified.set(token, claims);
    return claims;
  }

  async function verifyUncached(token: string): Promise<JwtClaims> {
    if (token === '') throw new JwtError('malformed', 'Empty JWT is sent in Authorization header');
    const parts = token.split('.').length;
    if (parts !== 3) throw new JwtError('malformed', `Expected 3 parts in JWT; got ${parts}`);
    let claims: JwtClaims;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], clockTolerance: 30 });
      claims = { ...payload, role: typeof payload.role === 'string' ? payload.role : 'anon' };
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new JwtError('expired', 'JWT expired');
      if (error instanceof errors.JWTClaimValidationFailed) {
        const message = error.claim === 'nbf' ? 'JWT not yet valid' : error.claim === 'iat' ? 'JWT issued at future' : 'Parsing claims failed';
        throw new JwtError('claims', message);
      }
      if (error instanceof errors.JWSSignatureVerificationFailed) {
        throw new JwtError('bad_signature', 'JWT cryptographic operation failed');
      }
      if (error instanceof errors.JOSEAlgNotAllowed) {
        throw new JwtError('malformed', 'Wrong or unsupported encoding algorithm');
      }
      throw new JwtError('malformed', "JWT couldn't be decoded");
    }
    // Whoever holds the secret could sign any role, postgres included: only the API roles run.
    if (!API_ROLES.includes(claims.role)) throw new JwtError('claims', `JWT role claim must be one of ${API_ROLES.join(', ')}`);
    return claims;
  }

  function signJwt(claims: Record<string, unknown>): Promise<string> {
    return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
  }

  return { verifyJwt, signJwt };
}

export interface Caller {
  role: string;
  claims: Record<string, unknown>;
}

/**
 * Who is calling, from `Authorization: Bearer <jwt>` (PostgREST rules): no header -> anon with
 * no claims; an opaque sb_publishable_ key -> anon. Throws JwtError for a bad token.
 */
export async function callerFrom(
  authorization: string | null,
  verify: (token: string) => Promise<JwtClaims>,
): Promise<Caller> {
  if (!authorization) return { role: 'anon', claims: {} };
  const m = /^bearer\s+(.*)$/i.exec(authorization.trim());
  if (!m) throw new JwtError('malformed', 'Expected 3 parts in JWT; got 1');
  const token = m[1]!.trim();
  if (token.startsWith('sb_publishable_')) return { role: 'anon', claims: {} };
  const claims = await verify(token);
  return { role: claims.role, claims };
}
