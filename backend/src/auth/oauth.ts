// Google sign-in through OpenID Connect (contract 3.5): /authorize sends the browser to the
// provider, /callback turns its answer into a session (implicit) or a one-time code (PKCE).
//
// Provider: config.auth.google when set (GOOGLE_OIDC_ISSUER, e.g. https://accounts.google.com),
// else the local stand-in of local-oidc.ts.
import { createHash, randomUUID } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { BackendConfig, BackendContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { AuthError, validationFailed } from './errors.ts';
import { localOidc } from './local-oidc.ts';
import type { ReserveGuess } from './otp.ts';
import { createSession, type Session } from './sessions.ts';
import { addIdentity, createUser, findUserByEmail, findUserById, findUserByIdentity, isBanned, updateUser, type UserRow } from './users.ts';

const FLOW_STATE_TTL_SECONDS = 300;

interface ProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

async function providerConfig(ctx: BackendContext): Promise<ProviderConfig> {
  if (ctx.config.auth.google) return ctx.config.auth.google;
  const local = await localOidc(ctx);
  return { issuer: local.issuer, clientId: local.clientId, clientSecret: local.clientSecret };
}

const discoveries = new Map<string, Promise<Discovery>>();
const jwksSets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function discover(issuer: string): Promise<Discovery> {
  let found = discoveries.get(issuer);
  if (!found) {
    found = fetch(`${issuer}/.well-known/openid-configuration`).then(async (res) => {
      if (!res.ok) throw new Error(`OpenID discovery failed for ${issuer}: HTTP ${res.status}`);
      return (await res.json()) as Discovery;
    });
    found.catch(() => discoveries.delete(issuer));
    discoveries.set(issuer, found);
  }
  return found;
}

/** redirect_to allowed: the site URL's origin, localhost / 127.0.0.1 on any port, the additional redirect URLs. */
export function allowedRedirect(auth: BackendConfig['auth'], redirectTo: string | null): string {
  const { siteUrl, additionalRedirectUrls } = auth;
  if (!redirectTo) return siteUrl;
  let url: URL;
  try {
    url = new URL(redirectTo);
  } catch {
    return siteUrl;
  }
  const local = (url.protocol === 'http:' || url.protocol === 'https:') && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.origin === new URL(siteUrl).origin || local || additionalRedirectUrls.some((prefix) => redirectTo.startsWith(prefix))) {
    return redirectTo;
  }
  return siteUrl;
}

export const redirect = (location: string) =>
  new Response(null, { status: 302, headers: { location, 'x-supabase-api-version': '2024-01-01' } });

function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

/** Error redirect: the parameters both in the query and in the fragment, as GoTrue does. */
export function errorRedirect(redirectTo: string, error: string, code: string, description: string): Response {
  const params = { error, error_code: code, error_description: description };
  const url = new URL(withQuery(redirectTo, params));
  url.hash = new URLSearchParams({ ...params, sb: '' }).toString();
  return redirect(url.toString());
}

/**
 * GET /authorize?provider=google&redirect_to=…[&code_challenge=…&code_challenge_method=s256].
 * `linkUserId`: the signed-in user linking Google to their account (/user/identities/authorize).
 */
export async function authorize(ctx: BackendContext, url: URL, linkUserId?: string): Promise<Response> {
  const provider = url.searchParams.get('provider') ?? '';
  if (provider !== 'google') throw validationFailed(`Unsupported provider: ${provider || 'missing provider'}`);
  const redirectTo = allowedRedirect(ctx.config.auth, url.searchParams.get('redirect_to'));
  const challenge = url.searchParams.get('code_challenge');
  const method = (url.searchParams.get('code_challenge_method') ?? '').toLowerCase();
  let flowStateId: string | undefined;
  if (challenge) {
    if (method !== 's256' && method !== 'plain') throw validationFailed('Code challenge method not supported');
    flowStateId = randomUUID();
    await ctx.db.query(
      `insert into auth.flow_state (id, auth_code, code_challenge_method, code_challenge, provider_type,
         authentication_method, created_at, updated_at)
       values ($1, $2, $3, $4, 'google', 'oauth', now(), now())`,
      [flowStateId, randomUUID(), method, challenge],
    );
  }
  const config = await providerConfig(ctx);
  const discovery = await discover(config.issuer);
  const nonce = randomUUID();
  const now = Math.floor(Date.now() / 1000);
  const state = await ctx.signJwt({
    kind: 'oauth_state',
    provider,
    redirect_to: redirectTo,
    flow_state_id: flowStateId,
    link_user_id: linkUserId,
    nonce,
    iat: now,
    exp: now + FLOW_STATE_TTL_SECONDS,
  });
  const target = new URL(discovery.authorization_endpoint);
  target.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: `${ctx.publicUrl}/auth/v1/callback`,
    response_type: 'code',
    scope: ['openid', 'email', 'profile', ...(url.searchParams.get('scopes') ?? '').split(/[ ,]+/).filter(Boolean)]
      .filter((s, i, all) => all.indexOf(s) === i)
      .join(' '),
    state,
    nonce,
  }).toString();
  return redirect(target.toString());
}

interface GoogleClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
  iss: string;
}

/** Checks an ID token the provider signed for our client (issuer, audience, signature, expiry). */
async function verifyIdToken(discovery: Discovery, config: ProviderConfig, idToken: string) {
  let jwks = jwksSets.get(discovery.jwks_uri);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
    jwksSets.set(discovery.jwks_uri, jwks);
  }
  const { payload } = await jwtVerify(idToken, jwks, { issuer: config.issuer, audience: config.clientId });
  return payload;
}

async function exchangeCode(ctx: BackendContext, code: string, nonce: string) {
  const config = await providerConfig(ctx);
  const discovery = await discover(config.issuer);
  const res = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${ctx.publicUrl}/auth/v1/callback`,
      client_id: config.clientId,
      client_secret: config.clientSecret,
    }),
  });
  const tokens = (await res.json()) as { access_token?: string; refresh_token?: string; id_token?: string; error?: string };
  if (!res.ok || !tokens.id_token) throw new Error(`token exchange failed: ${tokens.error ?? res.status}`);
  const payload = await verifyIdToken(discovery, config, tokens.id_token);
  if (payload.nonce !== nonce) throw new Error('ID token nonce mismatch');
  return { claims: payload as unknown as GoogleClaims, accessToken: tokens.access_token ?? '', refreshToken: tokens.refresh_token ?? '' };
}

/** The user behind a Google identity: linked, found by verified email and linked, or created. */
async function googleUser(q: Queryable, claims: GoogleClaims): Promise<UserRow> {
  const identityData = {
    iss: claims.iss,
    sub: claims.sub,
    name: claims.name,
    full_name: claims.name,
    email: claims.email,
    picture: claims.picture,
    avatar_url: claims.picture,
    provider_id: claims.sub,
    email_verified: claims.email_verified ?? false,
    phone_verified: false,
  };
  const linked = await findUserByIdentity(q, 'google', claims.sub);
  if (linked) {
    await addIdentity(q, linked.id, 'google', claims.sub, identityData);
    return linked;
  }
  const byEmail = claims.email && claims.email_verified ? await findUserByEmail(q, claims.email) : undefined;
  if (byEmail) {
    await addIdentity(q, byEmail.id, 'google', claims.sub, identityData);
    const app = byEmail.raw_app_meta_data ?? {};
    const providers = [...new Set([...((app.providers as string[] | undefined) ?? []), 'google'])];
    return updateUser(q, byEmail.id, {
      appMetadata: { ...app, providers },
      userMetadata: { ...identityData, ...(byEmail.raw_user_meta_data ?? {}) },
    });
  }
  if (!claims.email) throw new Error('the provider gave no email address');
  return createUser(q, {
    email: claims.email,
    passwordHash: null,
    appMetadata: { provider: 'google', providers: ['google'] },
    userMetadata: identityData,
    identity: { provider: 'google', providerId: claims.sub, data: identityData },
  });
}

class IdentityTaken extends Error {}

/** Links a Google identity to a signed-in user; refused when it belongs to another account. */
async function linkGoogle(q: Queryable, userId: string, claims: GoogleClaims): Promise<UserRow> {
  const owner = await findUserByIdentity(q, 'google', claims.sub);
  if (owner && owner.id !== userId) throw new IdentityTaken();
  const user = await findUserById(q, userId);
  if (!user || user.deleted_at) throw new IdentityTaken();
  await addIdentity(q, userId, 'google', claims.sub, {
    iss: claims.iss,
    sub: claims.sub,
    name: claims.name,
    email: claims.email,
    picture: claims.picture,
    provider_id: claims.sub,
    email_verified: claims.email_verified ?? false,
    phone_verified: false,
  });
  const app = user.raw_app_meta_data ?? {};
  const providers = [...new Set([...((app.providers as string[] | undefined) ?? []), 'google'])];
  return updateUser(q, userId, { appMetadata: { ...app, providers } });
}

/** Fragment of an implicit-flow redirect: form-encoded, keys sorted, sb marks Supabase; `extra` (an emailed link's type) joins it. */
export function sessionFragment(session: Session, extra: Record<string, string> = {}): string {
  const params: Record<string, string> = {
    ...extra,
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    provider_refresh_token: session.provider_refresh_token ?? '',
    provider_token: session.provider_token ?? '',
    refresh_token: session.refresh_token,
    sb: '',
    token_type: session.token_type,
  };
  const sorted = Object.keys(params).sort().map((k) => [k, params[k]!]);
  return new URLSearchParams(sorted).toString();
}

/** GET|POST /callback?code=…&state=… (or ?error=…&state=…) from the provider. */
export async function callback(ctx: BackendContext, url: URL, client: { userAgent: string | null; ip: string | null }): Promise<Response> {
  let state: Record<string, unknown>;
  try {
    state = await ctx.verifyJwt(url.searchParams.get('state') ?? '');
    if (state.kind !== 'oauth_state') throw new Error('not an OAuth state');
  } catch {
    return errorRedirect(ctx.config.auth.siteUrl, 'invalid_request', 'bad_oauth_state', 'OAuth state parameter is invalid or expired');
  }
  const redirectTo = allowedRedirect(ctx.config.auth, String(state.redirect_to));
  const providerError = url.searchParams.get('error');
  if (providerError) {
    return errorRedirect(redirectTo, providerError, 'provider_error', url.searchParams.get('error_description') ?? providerError);
  }
  const code = url.searchParams.get('code');
  if (!code) return errorRedirect(redirectTo, 'invalid_request', 'bad_oauth_callback', 'OAuth callback with missing authorization code');

  let google: Awaited<ReturnType<typeof exchangeCode>>;
  try {
    google = await exchangeCode(ctx, code, String(state.nonce));
  } catch (error) {
    return errorRedirect(redirectTo, 'server_error', 'unexpected_failure', `Unable to exchange external code: ${(error as Error).message}`);
  }
  const providerTokens = { provider_token: google.accessToken, provider_refresh_token: google.refreshToken };

  return ctx.db.tx(async (q) => {
    let user: UserRow;
    try {
      user = typeof state.link_user_id === 'string' ? await linkGoogle(q, state.link_user_id, google.claims) : await googleUser(q, google.claims);
    } catch (error) {
      if (!(error instanceof IdentityTaken)) throw error;
      return errorRedirect(redirectTo, 'invalid_request', 'identity_already_exists', 'Identity is already linked to another user');
    }
    if (typeof state.flow_state_id === 'string') {
      const { rows } = await q.query<{ auth_code: string }>(
        `update auth.flow_state set user_id = $2, provider_access_token = $3, provider_refresh_token = $4,
           auth_code_issued_at = now(), updated_at = now()
         where id = $1 returning auth_code`,
        [state.flow_state_id, user.id, providerTokens.provider_token, providerTokens.provider_refresh_token],
      );
      if (!rows[0]) return errorRedirect(redirectTo, 'invalid_request', 'flow_state_not_found', 'invalid flow state, no valid flow state found');
      return redirect(withQuery(redirectTo, { code: rows[0].auth_code }));
    }
    const session = await createSession(ctx, q, user.id, 'oauth', client, providerTokens);
    const target = new URL(redirectTo);
    target.hash = sessionFragment(session);
    return redirect(target.toString());
  });
}

/**
 * POST /token?grant_type=id_token {provider, id_token, nonce?} (signInWithIdToken): an ID token an
 * app got from Google itself (or from the local stand-in) signs in, as GoTrue's IdTokenGrant:
 * signed by the provider for our client id, unexpired, and with the nonce check GoTrue makes (a
 * token that carries a nonce needs the raw nonce whose SHA-256 hex it is, and a nonce given needs
 * a token carrying it). Google is the only provider.
 */
export async function idTokenGrant(
  ctx: BackendContext,
  body: Record<string, unknown>,
  client: { userAgent: string | null; ip: string | null },
): Promise<Session> {
  const idToken = typeof body.id_token === 'string' ? body.id_token : '';
  const provider = typeof body.provider === 'string' ? body.provider : '';
  const nonce = typeof body.nonce === 'string' ? body.nonce : '';
  if (!idToken) throw validationFailed('id_token required');
  if (provider !== 'google') throw validationFailed(`Custom OIDC provider "${provider}" not allowed`);
  const config = await providerConfig(ctx);
  let claims: Record<string, unknown>;
  try {
    claims = await verifyIdToken(await discover(config.issuer), config, idToken);
  } catch {
    throw new AuthError(400, 'bad_jwt', 'Bad ID token');
  }
  if (typeof claims.sub !== 'string' || !claims.sub) throw new AuthError(400, 'bad_jwt', 'Missing sub claim in id_token');
  const tokenNonce = typeof claims.nonce === 'string' ? claims.nonce : '';
  if (!!tokenNonce !== !!nonce) {
    throw validationFailed('Passed nonce and nonce in id_token should either both exist or not.');
  }
  if (nonce && createHash('sha256').update(nonce).digest('hex') !== tokenNonce) throw validationFailed('Nonces mismatch');
  return ctx.db.tx(async (q) => {
    const user = await googleUser(q, claims as unknown as GoogleClaims);
    if (isBanned(user)) throw new AuthError(400, 'user_banned', 'User is banned');
    return createSession(ctx, q, user.id, 'oauth', client);
  });
}

/**
 * POST /token?grant_type=pkce {auth_code, code_verifier}. Each exchange is a guess under the
 * sign-in limiter (per client address and per the code's account) before the verifier is checked.
 * The guess is reserved before the transaction that spends the code: the limiter counts through
 * the backend's own connection, which on PGlite is the one the transaction would be holding.
 */
export async function pkceGrant(
  ctx: BackendContext,
  body: Record<string, unknown>,
  client: { userAgent: string | null; ip: string | null },
  reserve: ReserveGuess,
): Promise<Session> {
  const authCode = typeof body.auth_code === 'string' ? body.auth_code : '';
  const verifier = typeof body.code_verifier === 'string' ? body.code_verifier : '';
  if (!authCode || !verifier) throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  const { rows: owners } = await ctx.db.query<{ email: string | null }>(
    'select u.email from auth.flow_state f left join auth.users u on u.id = f.user_id where f.auth_code = $1',
    [authCode],
  );
  const done = await reserve(owners[0]?.email ?? `auth_code:${authCode}`, client.ip ?? 'unknown');
  let ok = false;
  try {
    return await ctx.db.tx(async (q) => {
      const { rows } = await q.query<{
        id: string;
        user_id: string | null;
        code_challenge: string;
        code_challenge_method: string;
        created_at: Date | string;
        provider_access_token: string | null;
        provider_refresh_token: string | null;
        authentication_method: string;
        auth_code_issued_at: Date | string | null;
      }>(
        `select id, user_id, code_challenge, code_challenge_method, created_at, provider_access_token,
           provider_refresh_token, authentication_method, auth_code_issued_at
         from auth.flow_state where auth_code = $1 for update`,
        [authCode],
      );
      const flow = rows[0];
      // A code is good once it has been handed out (the provider answered, or the emailed link was followed).
      if (!flow || !flow.user_id || !flow.auth_code_issued_at) {
        throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
      }
      if (Date.now() - new Date(flow.created_at).getTime() > FLOW_STATE_TTL_SECONDS * 1000) {
        throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
      }
      const computed =
        flow.code_challenge_method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
      if (computed !== flow.code_challenge) {
        throw new AuthError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
      }
      ok = true;
      await q.query('delete from auth.flow_state where id = $1', [flow.id]);
      // The emailed flows (recovery, magic link) sign in as they would without PKCE.
      const method = flow.authentication_method === 'recovery' ? 'recovery' : flow.authentication_method === 'magiclink' ? 'otp' : 'oauth';
      return createSession(ctx, q, flow.user_id, method, client, {
        ...(flow.provider_access_token ? { provider_token: flow.provider_access_token } : {}),
        ...(flow.provider_refresh_token ? { provider_refresh_token: flow.provider_refresh_token } : {}),
      });
    });
  } finally {
    await done(ok);
  }
}
