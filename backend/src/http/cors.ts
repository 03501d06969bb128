// CORS as the contract 1.3 asks: the browser front end runs on other ports.

const ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const DEFAULT_ALLOW_HEADERS =
  'authorization, apikey, x-client-info, content-type, prefer, accept-profile, content-profile, range, range-unit, x-supabase-api-version, x-retry-count, if-none-match';
/** Without these the browser client loses count (Content-Range) and auth error codes. */
export const EXPOSE_HEADERS =
  'Content-Range, Content-Location, Content-Type, Location, Range-Unit, Preference-Applied, X-Supabase-Api-Version, X-Total-Count, Link, ETag, Last-Modified, Content-Length';

function allowOrigin(origin: string | null): string {
  return origin ?? '*';
}

/** Answer to an OPTIONS preflight. */
export function preflight(req: Request): Response {
  const origin = req.headers.get('origin');
  const headers: Record<string, string> = {
    'access-control-allow-origin': allowOrigin(origin),
    'access-control-allow-methods': ALLOW_METHODS,
    'access-control-allow-headers': req.headers.get('access-control-request-headers') || DEFAULT_ALLOW_HEADERS,
    'access-control-max-age': '86400',
    'access-control-expose-headers': EXPOSE_HEADERS,
  };
  if (origin) {
    headers['access-control-allow-credentials'] = 'true';
    headers.vary = 'Origin';
  }
  return new Response(null, { status: 204, headers });
}

/** CORS headers added to every actual response unless the handler set its own. */
export function corsHeaders(origin: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    'access-control-allow-origin': allowOrigin(origin),
    'access-control-expose-headers': EXPOSE_HEADERS,
  };
  if (origin) {
    headers['access-control-allow-credentials'] = 'true';
    headers.vary = 'Origin';
  }
  return headers;
}
