// The same requests to our /rest/v1 and to the official PostgREST 12 binary on one database with
// the project's migrations: status, Content-Range, Content-Profile and body must agree, except the
// differences each case lists with its reason. Both servers expose the same schemas; a second pair
// runs with db-max-rows, db-plan-enabled (plans compared by shape) and db-aggregates-enabled.
// Each pair runs on PostgreSQL and on PGlite: there PostgREST connects to the backend's own
// embedded database through a socket (support/pglite-socket.ts).
import type { Env } from '../src/config.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startRestBackend, type DbKind, type TestBackend } from './support/backend.ts';
import { CASES, OTHER, RESET_SQL, SETTINGS_CASES, USER, type Case, type Token } from './support/conformance-cases.ts';
import { servePglite, type PgliteSocket } from './support/pglite-socket.ts';
import { startPostgrest, type PostgrestProcess, type PostgrestSettings } from './support/postgrest.ts';
import { signToken, userToken } from './support/tokens.ts';

/** Exposed by both servers: public (the default) and the fixture's archive. */
const SCHEMAS = 'public,archive';

interface Answer {
  status: number;
  range: string | null;
  /** Content-Profile: the schema, when negotiated (both servers expose SCHEMAS). */
  profile: string | null;
  code: unknown;
  body: unknown;
}

/** JSON with object keys sorted, so key order does not count as a difference. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
  }
  return value;
}

/**
 * What two EXPLAINs of the same request share whatever the statements' costs: the top node, the
 * keys of a JSON plan, whether it was executed (analyze) and with which other options.
 */
function planShape(plan: unknown): unknown {
  if (typeof plan === 'string') {
    const lines = plan.split('\n');
    return { top: lines[0]!.split('  (')[0], timing: lines.filter((l) => /^(Planning|Execution) Time/.test(l)).map((l) => l.split(':')[0]), end: plan.endsWith('\n') };
  }
  const [first] = plan as Array<{ Plan: Record<string, unknown> } & Record<string, unknown>>;
  return { keys: Object.keys(first!).sort(), top: first!.Plan['Node Type'], actual: 'Actual Rows' in first!.Plan, output: 'Output' in first!.Plan };
}

/** Both servers' settings: ours by environment name, PostgREST's as startPostgrest takes them. */
interface Settings {
  env: Env;
  postgrest: PostgrestSettings;
}

const describeConformance = (title: string, settings: Settings, cases: Case[]) =>
  describe.each(databases('driver'))(`${title} on %s`, (kind: DbKind) => {
    let backend: TestBackend;
    let socket: PgliteSocket | undefined;
    let postgrest: PostgrestProcess;
    const tokens = {} as Record<Token, string | undefined>;

    beforeAll(async () => {
      backend = await startRestBackend(kind, { env: { REST_SCHEMAS: SCHEMAS, ...settings.env } });
      if (kind === 'pglite') socket = await servePglite(backend.ctx.db);
      const url = socket?.url ?? backend.ctx.config.databaseUrl!;
      postgrest = await startPostgrest(url, backend.keys.jwtSecret, {
        schemas: SCHEMAS,
        // PGlite has one session, which each connection through the socket continues: one
        // connection at a time, and no named statements (a connection PostgREST replaces, as it
        // does after loading its schema cache, would leave its own behind for the next).
        ...(socket ? { pool: 1, preparedStatements: false } : {}),
        ...settings.postgrest,
      });
      // Statistics, so that both servers' count=planned read the same estimates.
      await backend.ctx.db.exec('analyze');
      const secret = backend.keys.jwtSecret;
      Object.assign(tokens, {
        anon: backend.keys.anonKey,
        service: backend.keys.serviceRoleKey,
        user: await userToken(secret, USER, 3600, 'user@example.com'),
        other: await userToken(secret, OTHER, 3600, 'other@example.com'),
        expired: await userToken(secret, USER, -3600),
        badsig: await signToken('another-secret-that-is-long-enough-to-sign', { role: 'anon' }),
        garbage: 'abc.def',
        none: undefined,
      });
    });

    afterAll(async () => {
      await postgrest?.stop();
      await socket?.stop();
      await backend?.close();
    });

    async function send(base: string, c: Case): Promise<Answer> {
      if (c.setup || (c.method !== 'GET' && c.method !== 'HEAD')) {
        await backend.ctx.db.exec(RESET_SQL);
        if (c.setup) await backend.ctx.db.exec(c.setup);
      }
      const headers: Record<string, string> = { ...c.headers };
      const token = tokens[c.token ?? 'anon'];
      if (token) headers.authorization = `Bearer ${token}`;
      const body = c.body === undefined ? undefined : typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
      const response = await fetch(base + c.path, { method: c.method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text === '' ? '' : JSON.parse(text);
      } catch {
        // kept as text
      }
      const code = parsed && typeof parsed === 'object' && 'code' in parsed ? parsed.code : undefined;
      const type = response.headers.get('content-type') ?? '';
      if (type.startsWith('application/vnd.pgrst.plan')) parsed = { type, plan: planShape(parsed) };
      return {
        status: response.status,
        range: response.headers.get('content-range'),
        profile: response.headers.get('content-profile'),
        code,
        body: canonical(parsed),
      };
    }

    it.for(cases.map((c) => [c.name, c] as const))('%s', async ([, c], { skip }) => {
      if (kind === 'pglite' && c.postgresOnly) skip(c.postgresOnly);
      const theirs = await send(postgrest.url, c);
      const ours = await send(`${backend.url}/rest/v1`, c);
      const parts = c.accepted?.compare ?? ['status', 'range', 'profile', 'body'];
      for (const part of parts) {
        expect(ours[part], `${part} (ours vs PostgREST)`).toEqual(theirs[part]);
      }
      if (c.accepted) {
        // A listed difference must still exist, or the reason is stale.
        const others = (['status', 'range', 'profile', 'code', 'body'] as const).filter((p) => !parts.includes(p));
        expect(
          others.some((p) => JSON.stringify(ours[p]) !== JSON.stringify(theirs[p])),
          `accepted difference no longer present: ${c.accepted.reason}`,
        ).toBe(true);
      }
    });
  });

// PostgREST's defaults on both sides: no db-max-rows (ours limits to 2000 rows unless told none).
describeConformance('conformance with PostgREST 12', { env: { REST_MAX_ROWS: 'none' }, postgrest: {} }, CASES);
describeConformance(
  'conformance with PostgREST 12, with db-max-rows 5, db-plan-enabled and db-aggregates-enabled',
  {
    env: { REST_MAX_ROWS: '5', REST_PLAN_ENABLED: 'true', REST_AGGREGATES_ENABLED: 'true' },
    postgrest: { maxRows: 5, planEnabled: true, aggregatesEnabled: true },
  },
  SETTINGS_CASES,
);
