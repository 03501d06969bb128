// Reading auth requests: JSON bodies, string fields, user metadata and emails checked the way
// GoTrue checks them, and the client's address, shared by the public endpoints and the admin API.
import type { BackendContext } from '../context.ts';
import { JwtError } from '../context.ts';
import { AuthError, badJwt, invalidEmail, noAuthorization, validationFailed } from './errors.ts';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH, type Metadata } from './users.ts';

/** Set by the HTTP server from the socket (never taken from the client). */
export const CLIENT_IP_HEADER = 'x-homestory-client-ip';

/** The verified claims of the request's Bearer token: 401 without one, 403 bad_jwt when it does not verify. */
export async function bearerClaims(ctx: BackendContext, req: Request): Promise<Record<string, unknown>> {
  const m = /^bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  if (!m) throw noAuthorization();
  try {
    return await ctx.verifyJwt(m[1]!);
  } catch (error) {
    throw badJwt(error instanceof JwtError ? error.message : 'token is malformed');
  }
}

/** GoTrue's email format check (badoux/checkmail's ValidateFormat): "xx:;x@x.x" is refused, "a@localhost" is not. */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** GoTrue's limit on an email address (RFC 5321 allows 254 characters). */
const EMAIL_MAX_LENGTH = 255;

/** Lone UTF-16 surrogates, which JSON carries as escapes but PostgreSQL's text and jsonb refuse. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const storableText = (text: string) => !text.includes('\0') && !LONE_SURROGATE.test(text);
const unstorable = (name: string) => validationFailed(`${name} must not contain NUL bytes or unpaired surrogates`);

/**
 * Deeper than this a body is refused (Go's JSON decoder, GoTrue's, stops at 10,000 levels;
 * JSON.stringify runs out of stack before that, and no auth field nests so deep).
 */
const MAX_DEPTH = 512;

/**
 * Every string and key of a parsed body, at any depth, checked once for what PostgreSQL cannot
 * store (NUL, unpaired surrogates): 400 validation_failed naming the top-level field, so no
 * route meets such a value (an email, a password, a code, metadata). Iterative: depth is bounded
 * here, not by the stack.
 */
function checkStorable(body: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(body)) {
    if (!storableText(name)) throw unstorable('A field name');
    const stack: Array<[unknown, number]> = [[value, 1]];
    while (stack.length) {
      const [item, depth] = stack.pop()!;
      if (typeof item === 'string') {
        if (!storableText(item)) throw unstorable(name);
      } else if (item && typeof item === 'object') {
        if (depth >= MAX_DEPTH) throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: exceeded max depth');
        for (const [key, inner] of Object.entries(item)) {
          if (!storableText(key)) throw unstorable(name);
          stack.push([inner, depth + 1]);
        }
      }
    }
  }
}

/** The request's JSON object (empty when there is no body), its every string checked (checkStorable). */
export async function jsonBody(req: Request): Promise<Record<string, unknown>> {
  const text = await req.text();
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // answered below
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
  checkStorable(body as Record<string, unknown>);
  return body as Record<string, unknown>;
}

/** The query parameters of an auth request (redirect_to, a link's token...), checked as body fields are. */
export function checkQuery(params: URLSearchParams): void {
  for (const [name, value] of params) {
    if (!storableText(name)) throw unstorable('A query parameter name');
    if (!storableText(value)) throw unstorable(name);
  }
}

/** A percent-encoded path segment (an id in the path), decoded; malformed or unstorable is 400. */
export function pathSegment(text: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    throw validationFailed('The path is not valid percent-encoded UTF-8');
  }
  if (!storableText(decoded)) throw unstorable('The path');
  return decoded;
}

export const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** A string field of the body (jsonBody checked its text): absent is '', another type or too long is refused (400). */
export function field(body: Record<string, unknown>, name: string, maxLength = Infinity): string {
  const value = body[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw validationFailed(`${name} must be a string`);
  if (value.length > maxLength) throw validationFailed(`${name} must be at most ${maxLength} characters`);
  return value;
}

/** Metadata of a body (`data` by default): an object (its strings jsonBody checked); else 400. */
export function metadataField(body: Record<string, unknown>, name = 'data'): Metadata | undefined {
  const data = body[name];
  if (data === undefined || data === null) return undefined;
  if (typeof data !== 'object' || Array.isArray(data)) throw validationFailed(`${name} must be an object`);
  return data as Metadata;
}

/** The email of a request body, trimmed; checked for type and length. */
export const emailField = (body: Record<string, unknown>) => field(body, 'email', EMAIL_MAX_LENGTH).trim();

/** The body's email, which must be there (else 400 with `missing`) and look like one. */
export function requiredEmail(body: Record<string, unknown>, missing: string): string {
  const email = emailField(body);
  if (!email) throw validationFailed(missing);
  if (!EMAIL_PATTERN.test(email)) throw invalidEmail();
  return email;
}

export const tooLong = (password: string) => Buffer.byteLength(password) > PASSWORD_MAX_BYTES;

export function weakPassword(password: string): AuthError | undefined {
  if (tooLong(password)) {
    const message = `Password cannot be longer than ${PASSWORD_MAX_BYTES} bytes.`;
    return new AuthError(422, 'weak_password', message, { weak_password: { reasons: ['length'], message } });
  }
  if (password.length >= PASSWORD_MIN_LENGTH) return undefined;
  const message = `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`;
  return new AuthError(422, 'weak_password', message, { weak_password: { reasons: ['length'], message } });
}

/** The body's password when one is given (checked like sign-up's), else undefined. */
export function givenPassword(body: Record<string, unknown>): string | undefined {
  if (body.password === undefined || body.password === null) return undefined;
  const password = field(body, 'password');
  const weak = weakPassword(password);
  if (weak) throw weak;
  return password;
}
