// CORS as the contract 1.3 asks: the browser front end runs on other ports, and only the site's
// own origins may read answers (with credentials).

const ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const DEFAULT_ALLOW_HEADERS =
  'authorization, apikey, x-client-info, content-type, prefer, accept-profile, content-profile, range, range-unit, x-supabase-api-version, x-retry-count, if-none-match';
/** Without these the browser client loses count (Content-Range) and auth error codes. */
export const EXPOSE_HEADERS =
  'Content-Range, Content-Location, Content-Type, Location, Range-Unit, Preference-Applied, X-Supabase-Api-Version, X-Total-Count, Link, ETag, Last-Modified, Content-Length';

/**
 * Whether a page at `origin` may read the backend's answers: the site's own origins only
 * (config allowedOrigins; an entry "scheme://host:*" allows every port of that host).
 */
export function originAllowed(origin: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) =>
    entry.endsWith(':*') ? origin.startsWith(entry.slice(0, -1)) && /^\d+$/.test(origin.slice(entry.length - 1)) : origin === entry,
  );
}

/**
 * CORS headers for a request from `origin`: none (the browser then withholds the answer) for an
 * origin outside `allowed`; requests without Origin (servers, curl) get the wildcard.
 */
export function corsHeaders(origin: string | null, allowed: readonly string[]): Record<string, string> {
  if (!origin) return { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSE_HEADERS };
  if (!originAllowed(origin, allowed)) return { vary: 'Origin' };
  return {
    'access-control-allow-origin': origin,
    'access-control-expose-headers': EXPOSE_HEADERS,
    'access-control-allow-credentials': 'true',
    vary: 'Origin',
  };
}

/** Answer to an OPTIONS preflight. */
export function preflight(req: Request, allowed: readonly string[]): Response {
  const origin = req.headers.get('origin');
  const headers = corsHeaders(origin, allowed);
  if ('access-control-allow-origin' in headers) {
    headers['access-control-allow-methods'] = ALLOW_METHODS;
    headers['access-control-allow-headers'] = req.headers.get('access-control-request-headers') || DEFAULT_ALLOW_HEADERS;
    headers['access-control-max-age'] = '86400';
  }
  return new Response(null, { status: 204, headers });
}
