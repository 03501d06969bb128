import { SignJWT } from 'jose';

/** Signs claims with the backend's secret (or another one, for bad-signature cases). */
export function signToken(secret: string, claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

export async function userToken(secret: string, sub: string, expiresIn = 3600, email?: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signToken(secret, { role: 'authenticated', sub, email, aud: 'authenticated', iat: now, exp: now + expiresIn });
}
