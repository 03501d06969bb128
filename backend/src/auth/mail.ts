// The auth server's mail: through a real SMTP server when one is configured (SMTP_HOST, see
// config.ts), else the local stand-in for an email provider (as Supabase's local stack has
// Inbucket): messages (password recovery, magic links) are kept in <dataDir>/mail/outbox.jsonl, one
// JSON object a line, so every backend process sharing the data folder sees them. An operator or
// a test reads them at GET /mail/v1/messages?to=<email> with the service role key; a developer on
// the machine itself opens http://localhost:54321/mail/ (loopback only: the page shows sign-in
// links). Both answer only a request whose Host is a loopback name (localhost, 127.0.0.1, [::1])
// with the backend's port or none: a page of another site whose name an attacker points at
// 127.0.0.1 (DNS rebinding) is same-origin with its own name, not with the backend's, so its
// requests carry a foreign Host and are refused before anything is read.
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import nodemailer, { type Transporter } from 'nodemailer';
import { join } from 'node:path';
import type { BackendContext } from '../context.ts';
import { LOCAL_PORT_HEADER } from '../http/server.ts';
import { bearerClaims, CLIENT_IP_HEADER } from './body.ts';

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text part (every mail has one). */
  text: string;
  /** The HTML part, when the mail has one (booking notifications). */
  html?: string;
  sentAt: string;
}

const outbox = (ctx: BackendContext) => join(ctx.config.dataDir, 'mail', 'outbox.jsonl');

const transports = new WeakMap<BackendContext, Transporter>();

export async function sendMail(ctx: BackendContext, message: Omit<MailMessage, 'sentAt'>): Promise<void> {
  const { smtp } = ctx.config;
  if (smtp) {
    let transport = transports.get(ctx);
    if (!transport) {
      transport = nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.port === 465,
        auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
      });
      transports.set(ctx, transport);
    }
    await transport.sendMail({ from: { name: smtp.senderName, address: smtp.sender }, ...message });
    return;
  }
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

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(?::(\d+))?$/;

/** Whether the request names this machine as its host: a loopback name, with the backend's port or none. */
function loopbackHost(req: Request): boolean {
  const m = LOOPBACK_HOST.exec((req.headers.get('host') ?? '').toLowerCase());
  return !!m && (m[2] === undefined || m[2] === req.headers.get(LOCAL_PORT_HEADER));
}

/** The outbox as a page: newest first, links clickable. */
function mailPage(messages: MailMessage[]): Response {
  const items = messages
    .map((m) => {
      const text = escape(m.text).replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}">${url}</a>`);
      // The HTML part as the recipient's mail program shows it, in a sandbox: no script, no
      // access to this page.
      const html = m.html ? `<iframe sandbox title="HTML part" srcdoc="${escape(m.html)}"></iframe>` : '';
      return `<article><h2>${escape(m.subject)}</h2><p class="meta">To ${escape(m.to)} · ${escape(m.sentAt)}</p>${html}<pre>${text}</pre></article>`;
    })
    .join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local outbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:48rem;padding:0 1rem;color:#222}
article{border:1px solid #ddd;border-radius:12px;padding:1rem;margin:1rem 0}h2{font-size:1.1rem;margin:0}
.meta{color:#666;margin:.25rem 0}pre{white-space:pre-wrap;word-break:break-all;margin:0}
iframe{width:100%;height:40rem;border:1px solid #ddd;border-radius:8px;margin:.5rem 0}</style></head>
<body><h1>Local outbox</h1><p>Mail the backend sent (password recovery, sign-in links, messages, bookings), newest first.</p>
${items || '<p>No mail yet.</p>'}</body></html>`;
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

/**
 * GET /mail/v1/messages[?to=email]: the messages sent, newest first (service role only).
 * GET /mail/: the same as a page, for a browser on this machine only.
 */
export async function mailHandler(req: Request, ctx: BackendContext): Promise<Response> {
  const url = new URL(req.url);
  if (!loopbackHost(req)) return json({ message: 'The outbox answers only to a loopback host name (localhost)' }, 421);
  if (req.method === 'GET' && (url.pathname === '/mail' || url.pathname === '/mail/')) {
    if (!LOOPBACK.test(req.headers.get(CLIENT_IP_HEADER) ?? '')) return json({ message: 'The outbox page is for this machine only' }, 403);
    return mailPage((await readOutbox(ctx)).reverse());
  }
  const role = await bearerClaims(ctx, req).then(
    (claims) => claims.role,
    () => undefined,
  );
  if (role !== 'service_role') return json({ message: 'The mailbox needs the service role key' }, 403);
  if (req.method !== 'GET' || url.pathname !== '/mail/v1/messages') return json({ message: 'Not found' }, 404);
  const to = url.searchParams.get('to')?.toLowerCase();
  const messages = (await readOutbox(ctx)).filter((message) => !to || message.to === to).reverse();
  return json({ messages });
}
