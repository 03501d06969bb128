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

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** GoTrue's limit on an email address (RFC 5321 allows 254 characters). */
const EMAIL_MAX_LENGTH = 255;

export async function jsonBody(req: Request): Promise<Record<string, unknown>> {
  const text = await req.text();
  if (!text.trim()) return {};
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
}

export const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** A string field of the body: absent is '', another type or a NUL byte is refused (400). */
export function field(body: Record<string, unknown>, name: string, maxLength = Infinity): string {
  const value = body[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw validationFailed(`${name} must be a string`);
  if (value.includes('\0')) throw validationFailed(`${name} must not contain NUL bytes`);
  if (value.length > maxLength) throw validationFailed(`${name} must be at most ${maxLength} characters`);
  return value;
}

/** Lone UTF-16 surrogates, which JSON carries as escapes but PostgreSQL's jsonb refuses. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const storableText = (text: string) => !text.includes('\0') && !LONE_SURROGATE.test(text);

/** Metadata of a body (`data` by default): an object whose keys and strings jsonb can store; else 400. */
export function metadataField(body: Record<string, unknown>, name = 'data'): Metadata | undefined {
  const data = body[name];
  if (data === undefined || data === null) return undefined;
  if (typeof data !== 'object' || Array.isArray(data)) throw validationFailed(`${name} must be an object`);
  const storable = (value: unknown): boolean => {
    if (typeof value === 'string') return storableText(value);
    if (value && typeof value === 'object') {
      return Object.entries(value).every(([key, item]) => storableText(key) && storable(item));
    }
    return true;
  };
  if (!storable(data)) throw validationFailed(`${name} must not contain NUL bytes or unpaired surrogates`);
  return data as Metadata;
}

/** The email of a request body, trimmed; checked for type, NUL bytes and length. */
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
