// Who a socket or channel acts as: the apikey given at connect (anon or service_role key, or an
// sb_publishable_ key), or the user's access token sent in phx_join / access_token. Same rules as
// the REST API (jwt.ts): a bad token is refused, never treated as anon.
import type { JwtClaims } from '../context.ts';
import { JwtError } from '../context.ts';
import type { Caller } from '../jwt.ts';

export interface Identity extends Caller {
  /** Seconds since the epoch when the token expires (none for publishable keys). */
  exp: number | undefined;
}

export async function identityOf(token: string, verify: (token: string) => Promise<JwtClaims>): Promise<Identity> {
  if (token.startsWith('sb_publishable_')) return { role: 'anon', claims: {}, exp: undefined };
  const claims = await verify(token);
  return { role: claims.role, claims, exp: typeof claims.exp === 'number' ? claims.exp : undefined };
}

/** Hosted Realtime's reason texts for a refused token. */
export function tokenError(error: unknown): string {
  if (error instanceof JwtError) return error.failure === 'expired' ? 'Token has expired' : `Invalid token: ${error.message}`;
  throw error;
}

/** One key per distinct role and claims: subscribers sharing it share one RLS check. */
export const identityKey = (who: Identity): string => `${who.role}\u0000${JSON.stringify(who.claims)}`;
