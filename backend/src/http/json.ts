/** A JSON response (UTF-8). */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** Thrown by body readers and handlers for a client error with a ready response. */
export class HttpError extends Error {
  constructor(readonly response: Response) {
    super(`HTTP ${response.status}`);
  }
}

// Text bodies the server writes directly, skipping the Response's stream (hot REST path).
const texts = new WeakMap<Response, string>();

/** A Response with a string body that createHttpServer sends without reading its stream. */
export function textResponse(body: string | null, init: ResponseInit): Response {
  const response = new Response(body, init);
  if (body !== null) texts.set(response, body);
  return response;
}

export function directText(response: Response): string | undefined {
  return texts.get(response);
}
