// Auth requests as supabase-js sends them, from a chosen 127.0.0.x source address (the backend
// limits per client address), and a tally of their answers.
import { request } from 'node:http';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  ms: number;
}

/** One /auth/v1 request to the backend at `url` from `from` (a 127.0.0.x address). */
export function authCall(
  url: string,
  anonKey: string,
  from: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<Answer> {
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: Number(new URL(url).port),
        localAddress: from,
        method,
        path: `/auth/v1${path}`,
        headers: {
          apikey: anonKey,
          authorization: `Bearer ${token ?? anonKey}`,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : {}, headers: res.headers, ms: performance.now() - started }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** How many answers had each status and error code, e.g. { '400 invalid_credentials': 30, '429 over_request_rate_limit': 270 }. */
export function codes(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) {
    const key = `${a.status} ${typeof a.body.code === 'string' ? a.body.code : ''}`.trim();
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
