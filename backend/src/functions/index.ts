// /functions/v1/<name>: runs supabase/functions/<name>/index.ts (default export: Request -> Response)
// behind the Supabase gateway's checks (verify_jwt). The functions' pinned `npm:` imports resolve
// to the backend's installed packages (npm-specifiers.mjs).
import { access } from 'node:fs/promises';
import { register } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BackendContext } from '../context.ts';
import { callerFrom } from '../jwt.ts';

register('./npm-specifiers.mjs', import.meta.url);

type EdgeHandler = (req: Request) => Promise<Response> | Response;

const PREFIX = '/functions/v1/';
const NAME = /^[A-Za-z0-9_-]+$/;

const gatewayError = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const notFound = () => new Response('Function not found', { status: 404, headers: { 'content-type': 'text/plain' } });

const crashed = () =>
  gatewayError(500, { code: 'Internal Server Error', message: 'Request failed due to an internal server error' });

export function createFunctions() {
  const modules = new Map<string, Promise<EdgeHandler | undefined>>();

  function load(dir: string, name: string): Promise<EdgeHandler | undefined> {
    const file = join(dir, name, 'index.ts');
    let loading = modules.get(file);
    if (!loading) {
      loading = access(file).then(
        async () => {
          const mod = (await import(pathToFileURL(file).href)) as { default?: unknown };
          if (typeof mod.default !== 'function') throw new Error(`${file} has no default export function`);
          return mod.default as EdgeHandler;
        },
        () => undefined,
      );
      modules.set(file, loading);
      // A missing or broken module is looked up again next time.
      loading.then(
        (h) => h ?? modules.delete(file),
        () => modules.delete(file),
      );
    }
    return loading;
  }

  return async function handle(req: Request, ctx: BackendContext): Promise<Response> {
    const url = new URL(req.url);
    const rest = url.pathname.slice(PREFIX.length);
    let name: string;
    try {
      name = decodeURIComponent(rest.split('/', 1)[0] ?? '');
    } catch {
      return notFound();
    }
    if (!NAME.test(name)) return notFound();

    if (req.method !== 'OPTIONS') {
      const authorization = req.headers.get('authorization');
      if (!authorization) return gatewayError(401, { msg: 'Error: Missing authorization header' });
      if (!/^bearer\s/i.test(authorization)) return gatewayError(401, { msg: 'Error: Auth header is not a Bearer token' });
      try {
        await callerFrom(authorization, ctx.verifyJwt);
      } catch {
        return gatewayError(401, { msg: 'Invalid JWT' });
      }
    }

    let handler: EdgeHandler | undefined;
    try {
      handler = await load(ctx.config.functionsDir, name);
    } catch (error) {
      console.error(`[functions] ${name} failed to load`, error);
      return crashed();
    }
    if (!handler) return notFound();
    try {
      return await handler(req);
    } catch (error) {
      console.error(`[functions] ${name} threw`, error);
      return crashed();
    }
  };
}

/**
 * Gives the functions the environment hosted Supabase gives them: they run in this process and
 * read process.env (supabase/functions/_shared/env.ts), so this writes it; nothing here reads it.
 */
export function provideFunctionEnv(ctx: Pick<BackendContext, 'keys' | 'publicUrl' | 'config'>): void {
  Object.assign(process.env, functionEnv(ctx));
}

/**
 * The environment hosted Supabase gives functions, and the payment secrets a project sets for
 * them: its Stripe key, or here without one the address of the built-in test processor.
 */
export function functionEnv(ctx: Pick<BackendContext, 'keys' | 'publicUrl' | 'config'>): Record<string, string> {
  const env: Record<string, string> = {
    SUPABASE_URL: ctx.publicUrl,
    SUPABASE_ANON_KEY: ctx.keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: ctx.keys.serviceRoleKey,
  };
  if (ctx.config.databaseUrl) env.SUPABASE_DB_URL = ctx.config.databaseUrl;
  const stripeSecretKey = ctx.config.payments.stripeSecretKey;
  if (stripeSecretKey) env.STRIPE_SECRET_KEY = stripeSecretKey;
  else env.PAYMENTS_API_URL = `${ctx.publicUrl}/payments/v1`;
  return env;
}
