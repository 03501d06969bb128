// Responses of the checkout functions: JSON with CORS, since the page calls them from another origin.
declare const Deno: { serve(handler: (req: Request) => Promise<Response>): unknown } | undefined;

/**
 * Hosted Supabase (Deno) starts a function by its Deno.serve call; the local backend imports
 * the module and calls its default export instead.
 */
export function serveOnDeno(handler: (req: Request) => Promise<Response>): void {
  if (typeof Deno !== 'undefined') Deno.serve(handler);
}
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-region',
};

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json' },
  });
}

/** A refusal the page can show: `{ error, code }` with its status. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function refusalResponse(refusal: Refusal): Response {
  return jsonResponse({ error: refusal.message, code: refusal.code }, refusal.status);
}

export async function readJsonObject(req: Request): Promise<Record<string, unknown>> {
  try {
    const body = (await req.json()) as unknown;
    if (body !== null && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new Refusal(400, 'invalid_body', 'The request body must be a JSON object.');
}

/** Wraps a handler: CORS preflight, POST only, refusals as JSON. */
export function postHandler(handle: (req: Request) => Promise<Response>): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (req.method !== 'POST') return jsonResponse({ error: 'Method not allowed', code: 'method_not_allowed' }, 405);
    try {
      return await handle(req);
    } catch (error) {
      if (error instanceof Refusal) return refusalResponse(error);
      throw error;
    }
  };
}
