// Hostile requests against the HTTP layer: every one gets an answer with a JSON body, never a reset.
import { request } from 'node:http';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BackendContext } from '../src/context.ts';
import { createHttpServer, listen } from '../src/http/server.ts';

function send(port: number, method: string, path: string, body?: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('http server', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createHttpServer(
      [
        {
          prefix: '/crash',
          handler: async (req) => {
            await req.text();
            throw new Error('handler bug after the body was read');
          },
        },
      ],
      () => ({ config: { allowedOrigins: [] } }) as unknown as BackendContext,
    );
    port = await listen(server, 0);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers TRACE with 405 and an Allow header instead of resetting the connection', async () => {
    const res = await send(port, 'TRACE', '/rest/v1/Rooms');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toContain('GET');
    expect(JSON.parse(res.body)).toMatchObject({ code: '405' });
  });

  it('answers an error thrown after the body was read with 500 JSON and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await send(port, 'POST', '/crash', JSON.stringify({ a: 1 }));
      expect(res.status).toBe(500);
      expect(JSON.parse(res.body)).toEqual({ code: 'XX000', message: 'Internal server error', details: null, hint: null });
      expect(log).toHaveBeenCalledWith('[backend] unhandled error', 'POST', '/crash', expect.any(Error));
    } finally {
      log.mockRestore();
    }
  });
});
