// A local OpenID Provider standing in for Google (oidc-provider), so the whole sign-in redirect
// flow runs with no network. Mounted at <publicUrl>/auth/v1/local-oidc; it offers a few demo
// Google-style accounts on a plain account-chooser page.
//
// oidc-provider is a Koa app for node:http, while the backend hands handlers Web Requests: each
// instance listens on a private 127.0.0.1 port and authHandler relays requests to it unchanged
// (path, cookies, body), with the public host so the URLs it builds are the public ones.
import { createHmac } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import type { BackendContext } from '../context.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';

export const LOCAL_OIDC_PATH = '/auth/v1/local-oidc';

export interface LocalOidc {
  issuer: string;
  clientId: string;
  clientSecret: string;
  relay(req: Request): Promise<Response>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function chooserPage(action: string, abort: string, clientName: string): string {
  const buttons = DEMO_ACCOUNTS.map(
    (a) => `<li><button type="submit" name="account" value="${a.sub}"><strong>${escapeHtml(a.name)}</strong><span>${escapeHtml(a.email)}</span></button></li>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Choose an account - Sign in with Google (local)</title>
<style>
body{font-family:system-ui,sans-serif;background:#f1f3f4;color:#202124;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border-radius:8px;padding:32px;max-width:420px;width:100%;box-shadow:0 1px 3px rgba(0,0,0,.2)}
h1{font-size:1.5rem;font-weight:400;margin:0 0 8px}p{margin:0 0 24px;color:#3c4043}
ul{list-style:none;padding:0;margin:0 0 24px}li+li{margin-top:8px}
button{width:100%;text-align:left;background:#fff;border:1px solid #dadce0;border-radius:6px;padding:12px 16px;font:inherit;cursor:pointer;display:flex;flex-direction:column;gap:2px}
button:hover,button:focus-visible{background:#f8f9fa;outline:2px solid #1a73e8}
span{color:#5f6368;font-size:.875rem}.cancel{border:0;color:#1a73e8;width:auto;padding:8px}
</style></head>
<body><main>
<h1>Choose an account</h1>
<p>to continue to ${escapeHtml(clientName)}. This is the local stand-in for Google: no password, no network.</p>
<form method="post" action="${escapeHtml(action)}" aria-label="Demo Google accounts"><ul>
${buttons}
</ul></form>
<form method="post" action="${escapeHtml(abort)}"><button type="submit" class="cancel">Cancel</button></form>
</main></body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

async function startLocalOidc(ctx: BackendContext): Promise<LocalOidc> {
  const issuer = `${ctx.publicUrl}${LOCAL_OIDC_PATH}`;
  const clientId = 'homestory-local';
  const clientSecret = createHmac('sha256', ctx.keys.jwtSecret).update('local-oidc-client').digest('base64url');
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'local-oidc-1', alg: 'RS256', use: 'sig' };
  const accounts = new Map(DEMO_ACCOUNTS.map((a) => [a.sub, a]));
  // Loaded on first use only: most runs never sign in with Google.
  const { default: Provider } = await import('oidc-provider');

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        client_name: 'Homestory',
        redirect_uris: [`${ctx.publicUrl}/auth/v1/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [createHmac('sha256', ctx.keys.jwtSecret).update('local-oidc-cookies').digest('base64url')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture'],
    },
    // Google puts email and profile claims in the ID token itself.
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ ...account, picture: `${ctx.publicUrl}${account.picture}`, email_verified: true }),
      };
    },
    interactions: { url: (_ctx, interaction) => `${LOCAL_OIDC_PATH}/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => false },
  });
  provider.proxy = true;
  const callback = provider.callback();

  const interaction = async (req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined) => {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    if (req.method === 'GET' && details.prompt.name === 'login') {
      const base = `${LOCAL_OIDC_PATH}/interaction/${uid}`;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(chooserPage(`${base}/login`, `${base}/abort`, 'Homestory'));
      return;
    }
    if (req.method === 'GET' && details.prompt.name === 'consent') {
      // First-party client: consent is implied by choosing the account.
      const { accountId } = details.session!;
      const grant = details.grantId
        ? (await provider.Grant.find(details.grantId))!
        : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }
    if (req.method === 'POST' && action === 'login') {
      const account = (await readForm(req)).get('account') ?? '';
      if (!accounts.has(account)) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Unknown account');
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId: account } }, { mergeWithLastSubmission: false });
      return;
    }
    if (req.method === 'POST' && action === 'abort') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    res.writeHead(405, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Method not allowed');
  };

  const server = createServer((req, res) => {
    const full = req.url ?? '/';
    const inner = full.slice(LOCAL_OIDC_PATH.length) || '/';
    const m = /^\/interaction\/([\w-]+)(?:\/(login|abort))?(?:\?|$)/.exec(inner);
    if (m) {
      interaction(req, res, m[1]!, m[2]).catch((error: Error) => {
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`Sign-in interaction failed: ${error.message}`);
      });
      return;
    }
    // Koa-style mounting: oidc-provider derives its mount path from originalUrl vs url.
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = full;
    req.url = inner;
    void callback(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The relay never keeps the process alive; connections are not pooled (agent: false).
  server.unref();
  const port = (server.address() as AddressInfo).port;
  const publicHost = new URL(ctx.publicUrl).host;
  const publicProto = new URL(ctx.publicUrl).protocol.replace(':', '');

  const relay = async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.from(await req.arrayBuffer());
    const headers: Record<string, string> = {};
    req.headers.forEach((value, name) => (headers[name] = value));
    headers.host = publicHost;
    headers['x-forwarded-proto'] = publicProto;
    delete headers['x-forwarded-host'];
    if (body) headers['content-length'] = String(body.length);
    return new Promise<Response>((resolve, reject) => {
      const out = httpRequest(
        { host: '127.0.0.1', port, method: req.method, path: url.pathname + url.search, headers, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const h = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              if (value === undefined || name === 'transfer-encoding' || name === 'connection') continue;
              for (const v of Array.isArray(value) ? value : [value]) h.append(name, v);
            }
            const status = res.statusCode ?? 502;
            const payload = chunks.length && status !== 204 && status !== 304 ? Buffer.concat(chunks) : null;
            resolve(new Response(payload, { status, headers: h }));
          });
          res.on('error', reject);
        },
      );
      out.on('error', reject);
      out.end(body);
    });
  };

  return { issuer, clientId, clientSecret, relay };
}

const instances = new WeakMap<BackendContext, Promise<LocalOidc>>();

/** The local provider of this backend (started on first use). */
export function localOidc(ctx: BackendContext): Promise<LocalOidc> {
  let instance = instances.get(ctx);
  if (!instance) {
    instance = startLocalOidc(ctx);
    instances.set(ctx, instance);
  }
  return instance;
}
