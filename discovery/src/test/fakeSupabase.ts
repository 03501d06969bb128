/**
 * A stand-in for the supabase client in component tests: records each read (table or rpc,
 * filters, range) and answers it from the test's handler. The real client against the real
 * backend runs in the e2e suites.
 */
import type { SupabaseClient } from '@supabase/supabase-js';

export interface Read {
  table?: string;
  rpc?: string;
  args?: Record<string, unknown>;
  columns?: string;
  filters: [string, string, unknown][];
  /** Columns ordered by, in order. */
  order?: string[];
  range?: [number, number];
}

export interface Answer {
  data?: unknown;
  error?: { message: string; code?: string } | null;
  count?: number | null;
}

export type Handler = (read: Read) => Answer | Promise<Answer>;

function builder(read: Read, handler: Handler) {
  const chain = {
    select(columns: string) {
      read.columns = columns;
      return chain;
    },
    eq(column: string, value: unknown) {
      read.filters.push([column, 'eq', value]);
      return chain;
    },
    in(column: string, value: unknown) {
      read.filters.push([column, 'in', value]);
      return chain;
    },
    order(column: string) {
      read.order = [...(read.order ?? []), column];
      return chain;
    },
    range(from: number, to: number) {
      read.range = [from, to];
      return chain;
    },
    then(resolve: (value: Required<Answer>) => unknown, reject?: (reason: unknown) => unknown) {
      return Promise.resolve(handler(read))
        .then((answer) => ({ data: answer.data ?? null, error: answer.error ?? null, count: answer.count ?? null }))
        .then(resolve, reject);
    },
  };
  return chain;
}

export function fakeSupabase(handler: Handler): { client: SupabaseClient; reads: Read[] } {
  const reads: Read[] = [];
  const client = {
    from(table: string) {
      const read: Read = { table, filters: [] };
      reads.push(read);
      return builder(read, handler);
    },
    rpc(name: string, args: Record<string, unknown>) {
      const read: Read = { rpc: name, args, filters: [] };
      reads.push(read);
      return builder(read, handler);
    },
  };
  return { client: client as unknown as SupabaseClient, reads };
}
