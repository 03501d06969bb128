// PostgREST error bodies: {code, message, details, hint} with the status PostgREST gives.

export interface PgrstErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly body: PgrstErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.name = 'RestError';
  }
}

export const restError = (
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
  headers: Record<string, string> = {},
) => new RestError(status, { code, message, details, hint }, headers);

/** PGRST100: the query string does not parse. */
export const parseError = (message: string, details: string) => restError(400, 'PGRST100', message, details);

export const columnNotInTable = (table: string, column: string) =>
  restError(400, '42703', `column ${table}.${column} does not exist`);

/** HTTP status for a PostgreSQL SQLSTATE, as PostgREST maps it (Error.hs mapSQLtoHTTP). */
export function statusForSqlState(code: string, message: string, authenticated: boolean): number {
  if (code.startsWith('08')) return 503;
  if (code.startsWith('09')) return 500;
  if (code.startsWith('0L') || code.startsWith('0P')) return 403;
  switch (code) {
    case '23503':
    case '23505':
    case '23P01': // exclusion_violation: overlapping bookings conflict like a duplicate (PostgREST: 400)
      return 409;
    case '25006':
      return 405;
    case '21000':
      return message.endsWith('requires a WHERE clause') ? 400 : 500;
    case '22023':
      return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
    case '53400':
      return 500;
    case '57P01':
      return 503;
    case 'P0001':
      return 400;
    case '42883':
      return message.startsWith('function xmlagg(') ? 406 : 404;
    case '42P01':
      return 404;
    case '42P17':
      return 500;
    case '42501':
      return authenticated ? 403 : 401;
  }
  const two = code.slice(0, 2);
  if (['25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'XX'].includes(two)) return 500;
  if (two === '28') return 403;
  if (two === '53') return 503;
  if (two === 'P0') return 500;
  if (two === 'PT') {
    const n = Number(code.slice(2));
    return n >= 100 && n <= 599 ? n : 500;
  }
  return 400;
}

interface PgDriverError {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
}

/** A database error as PostgREST reports it; undefined when `error` is not from the server. */
export function fromDbError(error: unknown, authenticated: boolean): RestError | undefined {
  const e = error as PgDriverError;
  if (!e || typeof e.code !== 'string' || !/^[0-9A-Z]{5}$/.test(e.code)) return undefined;
  const message = typeof e.message === 'string' ? e.message : '';
  const status = statusForSqlState(e.code, message, authenticated);
  const headers: Record<string, string> = status === 401 ? { 'www-authenticate': 'Bearer' } : {};
  return restError(
    status,
    e.code,
    message,
    typeof e.detail === 'string' && e.detail !== '' ? e.detail : null,
    typeof e.hint === 'string' && e.hint !== '' ? e.hint : null,
    headers,
  );
}
