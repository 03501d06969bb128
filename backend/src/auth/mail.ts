// The local stand-in for an email provider (as Supabase's local stack has Inbucket): messages the
// auth server sends (password recovery, magic links) are kept in <dataDir>/mail/outbox.jsonl, one
// JSON object a line, so every backend process sharing the data folder sees them. An operator or
// a test reads them at GET /mail/v1/messages?to=<email> with the service role key.
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BackendContext } from '../context.ts';
import { JwtError } from '../context.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

const outbox = (ctx: BackendContext) => join(ctx.config.dataDir, 'mail', 'outbox.jsonl');

export async function sendMail(ctx: BackendContext, message: Omit<MailMessage, 'sentAt'>): Promise<void> {
  await mkdir(join(ctx.config.dataDir, 'mail'), { recursive: true });
  await appendFile(outbox(ctx), `${JSON.stringify({ ...message, sentAt: new Date().toISOString() })}\n`);
}

async function readOutbox(ctx: BackendContext): Promise<MailMessage[]> {
  let text = '';
  try {
    text = await readFile(outbox(ctx), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MailMessage);
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

/** GET /mail/v1/messages[?to=email]: the messages sent, newest first (service role only). */
export async function mailHandler(req: Request, ctx: BackendContext): Promise<Response> {
  const m = /^bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  let role: unknown;
  try {
    role = m ? (await ctx.verifyJwt(m[1]!)).role : undefined;
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
  }
  if (role !== 'service_role') return json({ message: 'The mailbox needs the service role key' }, 403);
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.pathname !== '/mail/v1/messages') return json({ message: 'Not found' }, 404);
  const to = url.searchParams.get('to')?.toLowerCase();
  const messages = (await readOutbox(ctx)).filter((message) => !to || message.to === to).reverse();
  return json({ messages });
}
