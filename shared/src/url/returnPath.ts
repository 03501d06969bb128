/**
 * Where a sign-in returns the traveller (ARCHITECTURE section 6: nothing is lost across sign-in).
 * The site passes the page it was on, with its query (the search or the stay), as /login's
 * `next` parameter; only a path of this site is ever followed, never another origin.
 */

/** The longest return path followed; a longer one is ignored. */
const MAX_RETURN_PATH_LENGTH = 2000;
const BASE = 'https://homestory.invalid';

/**
 * `value` as a same-site path with its query and hash, or null when it is missing, not a
 * relative path ('//evil.example', '/\\evil.example', 'https://...', 'javascript:...'), too long,
 * or /login itself.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_RETURN_PATH_LENGTH || !value.startsWith('/') || value.startsWith('//')) return null;
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || value[i] === '\\') return null;
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname === '/login') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The return path a /login address carries, or null. */
export function returnPathOf(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get('next'));
}

/** /login, asked to return to `path` (a page of this site with its query) afterwards. */
export function loginPathReturningTo(path: string): string {
  const safe = safeReturnPath(path);
  return safe === null ? '/login' : `/login?next=${encodeURIComponent(safe)}`;
}
