// GoTrue's error responses (contract 3.6). Clients sending X-Supabase-Api-Version: 2024-01-01
// (supabase-js always does) get {code, message}; older clients the legacy {code, error_code, msg}.

export const API_VERSION = '2024-01-01';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

export const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);
export const noAuthorization = () =>
  new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
/** GoTrue's validateEmail: a malformed address is a validation failure (email_address_invalid is its mail provider's verdict). */
export const invalidEmail = () => new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
export const emailExists = () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
export const overEmailSendRateLimit = (seconds: number) =>
  new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${seconds} seconds.`);
export const badJwt = (detail: string) => new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`);

/** JSON body with the API version header every auth response carries. */
export function authJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: {
      ...(body === null ? {} : { 'content-type': 'application/json; charset=utf-8' }),
      'x-supabase-api-version': API_VERSION,
      ...headers,
    },
  });
}

export function errorResponse(error: AuthError, req: Request): Response {
  const versioned = req.headers.has('x-supabase-api-version');
  const body = versioned
    ? { code: error.code, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  return authJson(body, error.status, { 'x-sb-error-code': error.code });
}
