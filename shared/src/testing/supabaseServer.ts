/**
 * The one HTTP-level fake of the backend for the jsdom suites. The real supabase-js client
 * (shared/supabase/client) talks to TEST_SUPABASE_URL; msw answers its PostgREST requests there,
 * tables and rpc alike. Each request is parsed back into a Read (table or rpc, columns, filters,
 * range, arguments), recorded, and answered by the test's ReadAnswer. Requests nobody answers fail
 * the test (onUnhandledRequest: 'error', in shared/vitest.setup.ts). The real backend behind the
 * same client runs in the e2e suites.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

export const TEST_SUPABASE_URL = 'http://supabase.test';

/** A request of the REST API as the test sees it. Filter operands are the wire's text. */
export interface Read {
  table?: string;
  rpc?: string;
  args?: Record<string, unknown>;
  columns?: string;
  filters: [column: string, operator: string, operand: string | string[]][];
  range?: [from: number, to: number];
}

export interface Answer {
  data?: JsonBodyType;
  error?: { message: string; code?: string } | null;
  count?: number | null;
}

export type ReadAnswer = (read: Read) => Answer | Promise<Answer>;

const answerNothing: ReadAnswer = () => ({ data: [] });
let answer: ReadAnswer = answerNothing;
let reads: Read[] = [];

/** Query parameters of PostgREST that are not filters. */
const NOT_FILTERS = new Set(['select', 'order', 'offset', 'limit', 'columns', 'on_conflict']);

function readOf(url: URL, target: { table?: string; rpc?: string }, args?: Record<string, unknown>): Read {
  const filters: Read['filters'] = [];
  for (const [column, value] of url.searchParams) {
    if (NOT_FILTERS.has(column)) continue;
    const dot = value.indexOf('.');
    const operator = value.slice(0, dot);
    const operand = value.slice(dot + 1);
    filters.push([column, operator, operator === 'in' ? operand.slice(1, -1).split(',') : operand]);
  }
  const read: Read = { ...target, filters };
  if (args) read.args = args;
  const columns = url.searchParams.get('select');
  if (columns !== null) read.columns = columns;
  const limit = url.searchParams.get('limit');
  if (limit !== null) {
    const offset = Number(url.searchParams.get('offset') ?? 0);
    read.range = [offset, offset + Number(limit) - 1];
  }
  return read;
}

/** PostgREST's response to a read: rows (or one object), Content-Range with the count, or an error. */
async function respond(request: Request, read: Read): Promise<Response> {
  reads.push(read);
  const { data = null, error = null, count = null } = await answer(read);
  if (error) return HttpResponse.json({ details: null, hint: null, code: 'XX000', ...error }, { status: 400 });
  const headers = new Headers();
  if (count !== null) {
    const rows = Array.isArray(data) ? data.length : 1;
    const from = read.range?.[0] ?? 0;
    headers.set('Content-Range', rows > 0 ? `${from}-${from + rows - 1}/${count}` : `*/${count}`);
  }
  if (request.method === 'HEAD') return new HttpResponse(null, { headers });
  return HttpResponse.json(data, { headers });
}

export const supabaseServer = setupServer(
  http.post(`${TEST_SUPABASE_URL}/rest/v1/rpc/:name`, async ({ request, params }) =>
    respond(request, readOf(new URL(request.url), { rpc: String(params.name) }, (await request.json()) as Record<string, unknown>)),
  ),
  http.all(`${TEST_SUPABASE_URL}/rest/v1/:table`, ({ request, params }) =>
    respond(request, readOf(new URL(request.url), { table: String(params.table) })),
  ),
);

/**
 * Answers this test's reads with `readAnswer` and returns the list they are recorded in. Each test
 * starts answering every read with no rows.
 */
export function answerReads(readAnswer: ReadAnswer): Read[] {
  answer = readAnswer;
  reads = [];
  return reads;
}

/** Back to answering every read with no rows; called after each test. */
export function resetReads(): void {
  answerReads(answerNothing);
}
