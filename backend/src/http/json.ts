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

/**
 * A Response with a string body that createHttpServer writes directly (hot REST path). undici
 * would encode the text into a stream when the Response is made; here that happens only if
 * something reads the body as a Web Response, through an equal Response made on first use.
 */
class TextResponse extends Response {
  #full: Response | undefined;

  constructor(
    readonly bodyText: string,
    private readonly init: ResponseInit,
  ) {
    super(null, init);
  }

  #response(): Response {
    return (this.#full ??= new Response(this.bodyText, this.init));
  }

  override get body() {
    return this.#response().body;
  }
  override get bodyUsed() {
    return this.#full?.bodyUsed ?? false;
  }
  override text() {
    return this.#response().text();
  }
  override json() {
    return this.#response().json();
  }
  override arrayBuffer() {
    return this.#response().arrayBuffer();
  }
  override blob() {
    return this.#response().blob();
  }
  override bytes() {
    return this.#response().bytes();
  }
  override formData() {
    return this.#response().formData();
  }
  override clone(): Response {
    return this.#response().clone();
  }
}

/** A Response with a string body that createHttpServer sends without reading its stream. */
export function textResponse(body: string | null, init: ResponseInit): Response {
  return body === null ? new Response(null, init) : new TextResponse(body, init);
}

export function directText(response: Response): string | undefined {
  return response instanceof TextResponse ? response.bodyText : undefined;
}
