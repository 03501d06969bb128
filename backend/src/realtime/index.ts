// /realtime/v1/websocket: Supabase Realtime's Phoenix channels (vsn 1.0.0 and 2.0.0) for
// realtime-js: heartbeats, phx_join / phx_leave, access_token refresh, broadcast (self, ack),
// presence and postgres_changes; private channels decided by RLS policies on realtime.messages
// (authorization.ts); /realtime/v1/api/broadcast (REST broadcast, httpSend); broadcasts from the
// database (realtime.send). Broadcast and presence reach the other backend processes through the
// bus (bus.ts); postgres_changes and the database's broadcasts come from the database, so every
// process on one database delivers them to its own sockets. A topic's private and public channels
// are apart, as on hosted Realtime: each gets only the broadcasts and presence sent for its kind.
// Nothing a client sends may stop the process: frames are bounded as they are decoded
// (protocol.ts), and every socket and timer handler runs guarded, so what one throws ends that
// socket (logged), never the process. Sockets are counted per client address (the proxy's
// X-Forwarded-For behind TRUSTED_PROXIES, as REST's limits), channels per socket, and sockets and
// postgres_changes per user.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { BackendContext } from '../context.ts';
import { json } from '../http/json.ts';
import { clientAddress } from '../http/server.ts';
import { identityOf, tokenError, type Identity } from './auth.ts';
import { policiesFor, type Policies } from './authorization.ts';
import { createBus } from './bus.ts';
import { createChanges, SubscriptionError, type ChangeListener, type ChangeSubscription } from './changes.ts';
import { ConnectionCounter, limiter, QUERIES_AT_ONCE, RateWindow, serialQueue, UserUsage } from './limits.ts';
import { Presence, type Diff } from './presence.ts';
import { decode, encode, encodeUserBroadcast, isObject, jsonDepth, PayloadError, ProtocolError, VSNS, type Message, type Vsn } from './protocol.ts';

export const REALTIME_PATH = '/realtime/v1/websocket';
/** The REST endpoints' prefix: /broadcast (a batch) and /broadcast/<topic>/events/<event>. */
export const REALTIME_API_PATH = '/realtime/v1/api';

/** A topic's private or public channels: where broadcasts and presence of that kind go. */
const keyOf = (isPrivate: boolean, topic: string) => `${isPrivate ? 'private' : 'public'}\u0000${topic}`;
const subTopic = (topic: string) => topic.replace(/^realtime:/, '');

/** A broadcast as members get it: a JSON payload, or bytes (REST's octet-stream, realtime.messages' binary_payload). */
type Outgoing = { json: Record<string, unknown> } | { event: string; bytes: Buffer; meta?: Record<string, unknown> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Every few seconds a process says it is alive; one silent for longer is taken for stopped. */
const ALIVE_EVERY_S = 5;
const SILENT_AFTER_MS = 20_000;

const isMap = (v: unknown): v is Diff['joins'] =>
  isObject(v) && Object.values(v).every((e) => isObject(e) && Array.isArray(e.metas) && e.metas.every((m) => isObject(m) && typeof m.phx_ref === 'string'));
const isDiff = (v: unknown): v is Diff => isObject(v) && isMap(v.joins) && isMap(v.leaves);

/** REST's bounds: names as the socket's, messages per batch. */
const MAX_NAME_CHARS = 256;
const MAX_BATCH = 100;

interface Channel extends ChangeListener {
  conn: Connection;
  topic: string;
  /** keyOf(private, topic). */
  key: string;
  /** A private channel's policies (authorization.ts); undefined for a public one. */
  policies: Policies | undefined;
  joinRef: string | null;
  self: boolean;
  ack: boolean;
  presenceKey: string;
  /** Whose sockets and subscriptions this channel counts in (userOf). */
  user: string;
}

/** phx_join's config as realtime-js sends it; every field is checked before use. */
interface JoinConfig {
  broadcast?: { self?: unknown; ack?: unknown };
  presence?: { key?: unknown; enabled?: unknown };
  postgres_changes?: unknown;
  private?: unknown;
}

interface Connection {
  ws: WebSocket;
  vsn: Vsn;
  identity: Identity;
  /** The client's address (behind a trusted proxy, the one it names). */
  address: string;
  channels: Map<string, Channel>;
  rate: RateWindow;
  lastSeen: number;
  /** Messages are handled one after another, in the order they came. */
  queue: Promise<void>;
}

/** The user a channel acts as, for the per-user caps: its token's sub, or the address for anon. */
const userOf = (identity: Identity, address: string) =>
  typeof identity.claims.sub === 'string' && identity.claims.sub !== '' ? `sub:${identity.claims.sub}` : `address:${address}`;
/** An anonymous client's sockets are capped per address already (at the upgrade). */
const signedIn = (user: string) => user.startsWith('sub:');

/** untrack and phx_leave only take away (bounded by the track or join before): never rate-refused. */
const onlyRemoves = (m: Message) => m.event === 'phx_leave' || (m.event === 'presence' && m.payload.event === 'untrack');

const refuse = (socket: Duplex, status: string, message: string) => {
  const body = JSON.stringify({ message });
  socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
};

export function attachRealtime(server: Server, ctx: BackendContext) {
  const limits = ctx.config.realtime;
  const bounds = { maxDepth: limits.maxPayloadDepth, maxPresenceBytes: limits.maxPresenceBytes };
  const { log } = ctx.observe;
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes });
  const counter = new ConnectionCounter(limits.connectionsPerClient);
  const usage = new UserUsage<Connection>(limits.connectionsPerUser, limits.subscriptionsPerUser);
  const connections = new Set<Connection>();
  /** Channels by key (keyOf). */
  const topics = new Map<string, Set<Channel>>();
  const presence = new Presence<Channel>();
  const bus = createBus(ctx);
  /** When each other process was last heard from (bus), to forget the presence of one gone silent. */
  const processes = new Map<string, number>();
  const turn = limiter(QUERIES_AT_ONCE);

  function* listeners(): Iterable<ChangeListener> {
    for (const members of topics.values()) for (const ch of members) if (ch.changes.length > 0) yield ch;
  }
  const changes = createChanges(ctx, listeners, turn);

  /** Runs one of a socket's handlers: what it throws is logged and ends that socket, not the process. */
  function guard(conn: Connection, what: string, handler: () => void): void {
    try {
      handler();
    } catch (error) {
      log.error({ err: error }, `realtime: ${what} failed; the socket is closed`);
      conn.ws.terminate();
    }
  }

  /** Sends, or drops the socket when the client reads too slowly to keep up (or the frame cannot be made). */
  function send(conn: Connection, m: Message): void {
    sendFrame(conn, m.event, () => encode(m, conn.vsn));
  }
  function sendFrame(conn: Connection, what: string, frame: () => string | Buffer): void {
    if (conn.ws.readyState !== conn.ws.OPEN) return;
    if (conn.ws.bufferedAmount > limits.maxBufferedBytes) {
      conn.ws.terminate();
      return;
    }
    guard(conn, `sending ${what}`, () => conn.ws.send(frame()));
  }
  const reply = (conn: Connection, m: Message, status: 'ok' | 'error', response: Record<string, unknown> = {}) =>
    send(conn, { join_ref: m.join_ref, ref: m.ref, topic: m.topic, event: 'phx_reply', payload: { status, response } });
  const push = (ch: Channel, event: string, payload: Record<string, unknown>) =>
    send(ch.conn, { join_ref: ch.joinRef, ref: null, topic: ch.topic, event, payload });
  const system = (ch: Channel, status: 'ok' | 'error', message: string, extension = 'system') =>
    push(ch, 'system', { channel: ch.topic.replace(/^realtime:/, ''), extension, message, status });

  /** Shows presence diffs of `key` to this process's members (of a private channel, those that may read presence). */
  function showPresence(key: string, diffs: Diff[]) {
    for (const diff of diffs) {
      if (Object.keys(diff.joins).length === 0 && Object.keys(diff.leaves).length === 0) continue;
      for (const ch of topics.get(key) ?? []) if (!ch.policies || ch.policies.presence.read) push(ch, 'presence_diff', { ...diff });
    }
  }
  /** This process's presence changes: shown here and sent to the other processes. */
  function presenceDiff(key: string, diffs: Diff[]) {
    showPresence(key, diffs);
    for (const diff of diffs) bus?.publish({ kind: 'presence', key, diff });
  }

  /** Delivers a broadcast to this process's members of `key` (not back to `sender` unless it asked for self). */
  function deliver(key: string, b: Outgoing, sender?: Channel) {
    for (const ch of topics.get(key) ?? []) {
      if ((ch === sender && !ch.self) || (ch.policies && !ch.policies.broadcast.read)) continue;
      if ('json' in b) push(ch, 'broadcast', b.json);
      // Bytes reach vsn 2.0.0 sockets only: vsn 1.0.0 has no binary frame.
      else if (ch.conn.vsn === '2.0.0') sendFrame(ch.conn, 'broadcast', () => encodeUserBroadcast(ch.topic, b.event, b.meta, b.bytes) ?? '');
    }
  }
  /** A broadcast from a client of this process: delivered here and sent to the other processes. */
  function broadcast(key: string, b: Outgoing, sender?: Channel) {
    deliver(key, b, sender);
    bus?.publish('json' in b ? { kind: 'broadcast', key, json: b.json } : { kind: 'broadcast', key, event: b.event, bytes: b.bytes.toString('base64'), meta: b.meta });
  }

  function remove(ch: Channel) {
    const members = topics.get(ch.key);
    if (members?.delete(ch) && members.size === 0) topics.delete(ch.key);
    if (ch.conn.channels.get(ch.topic) !== ch) return;
    ch.conn.channels.delete(ch.topic);
    usage.remove(ch.user, ch.conn, ch.changes.length);
    presenceDiff(ch.key, presence.untrack(ch.key, ch));
  }

  /** Ends a channel from the server's side: a system error, then phx_close. */
  function close(ch: Channel, reason: string) {
    system(ch, 'error', reason);
    push(ch, 'phx_close', {});
    remove(ch);
  }

  async function join(conn: Connection, m: Message): Promise<void> {
    const refuseJoin = (reason: string) => reply(conn, m, 'error', { reason });
    if (!m.topic.startsWith('realtime:')) return refuseJoin('Topics start with realtime:');
    const config = (typeof m.payload.config === 'object' && m.payload.config !== null ? m.payload.config : {}) as JoinConfig;
    const { broadcast: broadcastConfig, presence: presenceConfig, postgres_changes: requested } = config;
    const isPrivate = config.private === true;
    if (!conn.channels.has(m.topic) && conn.channels.size >= limits.channelsPerConnection) {
      return refuseJoin(`Too many channels: at most ${limits.channelsPerConnection} per connection`);
    }
    let identity = conn.identity;
    if (typeof m.payload.access_token === 'string') {
      try {
        identity = await identityOf(m.payload.access_token, ctx.verifyJwt);
      } catch (error) {
        return refuseJoin(tokenError(error));
      }
    }
    const user = userOf(identity, conn.address);
    /** The user's caps, counting what a rejoin of this topic gives back. */
    const overCap = (count: number) => {
      const previous = conn.channels.get(m.topic);
      const returned = previous?.user === user ? previous.changes.length : 0;
      return usage.refusal(user, conn, count - returned, signedIn(user));
    };
    const capped = overCap(Array.isArray(requested) ? requested.length : 0);
    if (capped) return refuseJoin(capped);
    let policies: Policies | undefined;
    if (isPrivate) {
      policies = await turn(() => policiesFor(ctx, identity, subTopic(m.topic)));
      if (!policies.broadcast.read && !policies.presence.read) {
        return refuseJoin(`Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic(m.topic)}`);
      }
    }
    let subscriptions: ChangeSubscription[];
    try {
      subscriptions = await changes.prepare(requested, identity);
    } catch (error) {
      if (error instanceof SubscriptionError) return refuseJoin(error.message);
      throw error;
    }
    const previous = conn.channels.get(m.topic);
    if (previous) remove(previous);
    if (conn.ws.readyState !== conn.ws.OPEN) return;
    // Checked again: other joins of this user may have been admitted while this one was prepared.
    const cappedNow = usage.refusal(user, conn, subscriptions.length, signedIn(user));
    if (cappedNow) return refuseJoin(cappedNow);
    const key = typeof presenceConfig?.key === 'string' && presenceConfig.key !== '' ? presenceConfig.key : randomUUID();
    const ch: Channel = {
      conn,
      topic: m.topic,
      key: keyOf(isPrivate, m.topic),
      policies,
      joinRef: m.join_ref,
      self: broadcastConfig?.self === true,
      ack: broadcastConfig?.ack === true,
      presenceKey: key,
      user,
      identity,
      changes: subscriptions,
      deliver: (ids, data) => push(ch, 'postgres_changes', { ids, data }),
    };
    conn.channels.set(m.topic, ch);
    usage.add(user, conn, subscriptions.length);
    let members = topics.get(ch.key);
    if (!members) topics.set(ch.key, (members = new Set()));
    members.add(ch);
    reply(conn, m, 'ok', { postgres_changes: subscriptions.map((s) => s.spec) });
    if (presenceConfig?.enabled === true && (!policies || policies.presence.read)) push(ch, 'presence_state', presence.state(ch.key));
    if (subscriptions.length > 0) system(ch, 'ok', 'Subscribed to PostgreSQL', 'postgres_changes');
  }

  /**
   * A channel's refreshed identity; a token of another user moves the channel into that user's
   * caps. A private channel's policies are evaluated again: one that may no longer read is ended.
   */
  async function reassign(ch: Channel, identity: Identity): Promise<void> {
    const joined = () => ch.conn.channels.get(ch.topic) === ch;
    if (ch.policies) {
      const policies = await turn(() => policiesFor(ctx, identity, subTopic(ch.topic)));
      if (!joined()) return;
      const before = ch.policies;
      if ((before.broadcast.read && !policies.broadcast.read) || (before.presence.read && !policies.presence.read)) {
        return close(ch, `You no longer have permission to read from this Channel topic: ${subTopic(ch.topic)}`);
      }
      ch.policies = policies;
    }
    if (!joined()) return;
    const user = userOf(identity, ch.conn.address);
    if (user !== ch.user) {
      const capped = usage.refusal(user, ch.conn, ch.changes.length, signedIn(user));
      if (capped) return close(ch, capped);
      usage.remove(ch.user, ch.conn, ch.changes.length);
      usage.add(user, ch.conn, ch.changes.length);
      ch.user = user;
    }
    ch.identity = identity;
  }

  async function handle(conn: Connection, m: Message): Promise<void> {
    if (m.topic === 'phoenix' && m.event === 'heartbeat') return reply(conn, m, 'ok');
    if (m.event === 'phx_join') return join(conn, m);
    const ch = conn.channels.get(m.topic);
    if (!ch) return reply(conn, m, 'error', { reason: 'unmatched topic' });
    switch (m.event) {
      case 'phx_leave':
        remove(ch);
        reply(conn, m, 'ok');
        return push(ch, 'phx_close', {});
      case 'access_token': {
        if (typeof m.payload.access_token !== 'string') return;
        let identity: Identity;
        try {
          identity = await identityOf(m.payload.access_token, ctx.verifyJwt);
        } catch (error) {
          return close(ch, tokenError(error));
        }
        return reassign(ch, identity);
      }
      case 'broadcast': {
        // Without the write policy a private channel's broadcast is dropped, unanswered (hosted Realtime).
        if (ch.policies && !ch.policies.broadcast.write) return;
        broadcast(ch.key, { json: m.payload }, ch);
        if (ch.ack) reply(conn, m, 'ok');
        return;
      }
      case 'presence': {
        if (m.payload.event === 'track') {
          if (ch.policies && !ch.policies.presence.write) return reply(conn, m, 'error');
          const payload = m.payload.payload;
          if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
            return reply(conn, m, 'error', { reason: 'presence payload must be an object' });
          }
          presenceDiff(ch.key, presence.track(ch.key, ch, ch.presenceKey, payload as Record<string, unknown>));
        } else if (m.payload.event === 'untrack') {
          presenceDiff(ch.key, presence.untrack(ch.key, ch));
        } else {
          return reply(conn, m, 'error', { reason: 'presence events are track and untrack' });
        }
        return reply(conn, m, 'ok');
      }
      default:
        return reply(conn, m, 'error', { reason: `unknown event ${m.event}` });
    }
  }

  /** One frame: decoded and bounded, rate-limited, then queued behind the socket's earlier ones. */
  function receive(conn: Connection, data: Buffer, isBinary: boolean): void {
    conn.lastSeen = Date.now();
    let m: Message;
    try {
      m = decode(data, isBinary, conn.vsn, bounds);
    } catch (error) {
      if (error instanceof PayloadError) {
        if (conn.rate.allow()) reply(conn, error.refused, 'error', { reason: error.message });
        return;
      }
      if (!(error instanceof ProtocolError)) throw error;
      conn.ws.close(1003, error.message);
      return;
    }
    if (!conn.rate.allow() && !onlyRemoves(m)) {
      if (m.ref !== null) reply(conn, m, 'error', { reason: `Too many messages: at most ${limits.messagesPerSecond} per second` });
      return;
    }
    conn.queue = conn.queue.then(() => handle(conn, m)).catch((error: Error) => {
      log.error({ err: error }, `realtime: ${m.event} failed`);
      reply(conn, m, 'error', { reason: 'Internal server error' });
    });
  }

  function open(ws: WebSocket, vsn: Vsn, identity: Identity, address: string) {
    const conn: Connection = { ws, vsn, identity, address, channels: new Map(), rate: new RateWindow(limits.messagesPerSecond), lastSeen: Date.now(), queue: Promise.resolve() };
    connections.add(conn);
    ws.on('message', (data: Buffer, isBinary: boolean) => guard(conn, 'a message', () => receive(conn, data, isBinary)));
    ws.on('close', () => {
      connections.delete(conn);
      counter.release(address);
      // Each channel on its own: one that fails to leave does not keep the others joined.
      for (const ch of [...conn.channels.values()]) guard(conn, 'leaving on close', () => remove(ch));
    });
    ws.on('error', () => ws.terminate());
  }

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== REALTIME_PATH) return refuse(socket, '404 Not Found', 'No route for this path');
    const vsn = url.searchParams.get('vsn') ?? '1.0.0';
    if (!VSNS.includes(vsn)) return refuse(socket, '400 Bad Request', `Unsupported vsn ${vsn}`);
    const apikey = url.searchParams.get('apikey') ?? (req.headers.apikey as string | undefined);
    if (!apikey) return refuse(socket, '401 Unauthorized', 'No API key found in request');
    let identity: Identity;
    try {
      identity = await identityOf(apikey, ctx.verifyJwt);
    } catch (error) {
      tokenError(error);
      return refuse(socket, '401 Unauthorized', 'Invalid API key');
    }
    // A client gone while its key was checked: nothing to count (its close has already fired).
    if (socket.destroyed) return;
    const address = clientAddress(req, ctx.config.trustedProxies);
    if (!counter.acquire(address)) {
      return refuse(socket, '429 Too Many Requests', `Too many connections: at most ${limits.connectionsPerClient} per client`);
    }
    let opened = false;
    socket.once('close', () => opened || counter.release(address));
    wss.handleUpgrade(req, socket, head, (ws) => {
      opened = true;
      try {
        open(ws, vsn as Vsn, identity, address);
      } catch (error) {
        log.error({ err: error }, 'realtime: opening a socket failed');
        ws.terminate();
      }
    });
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node's HTTP server stops listening for the socket's errors at an upgrade: a client that
    // resets the connection while its key is checked would otherwise throw from the socket.
    socket.on('error', () => socket.destroy());
    upgrade(req, socket, head).catch((error: Error) => {
      log.error({ err: error }, 'realtime: upgrade failed');
      socket.destroy();
    });
  };
  server.on('upgrade', onUpgrade);

  // Once a second: silent sockets are closed, channels whose token expired are ended; every few
  // seconds this process tells the others it is alive, and forgets the presence of one gone silent.
  let tick = 0;
  const ticker = setInterval(() => {
    const now = Date.now();
    for (const conn of connections) {
      guard(conn, 'the ticker', () => {
        if (now - conn.lastSeen > limits.idleTimeoutMs) return conn.ws.terminate();
        for (const ch of [...conn.channels.values()]) {
          const exp = ch.identity.exp;
          if (exp !== undefined && exp * 1000 <= now) close(ch, 'Token has expired');
        }
      });
    }
    if (bus && ++tick % ALIVE_EVERY_S === 0) {
      bus.publish({ kind: 'alive' });
      for (const [process, seen] of processes) if (now - seen > SILENT_AFTER_MS) forget(process);
    }
  }, 1000);
  ticker.unref();

  /** A process that stopped or went silent: its members leave. */
  function forget(process: string) {
    processes.delete(process);
    for (const { topic, diff } of presence.dropRemote(process)) showPresence(topic, [diff]);
  }

  /** What another process sent (bus.ts). Its shapes are checked: a bad one is dropped, never thrown. */
  function fromBus(from: string, message: Record<string, unknown>) {
    processes.set(from, Date.now());
    const { kind, key } = message;
    if (kind === 'broadcast' && typeof key === 'string') {
      const { json: body, event, bytes, meta } = message;
      if (isObject(body)) deliver(key, { json: body });
      else if (typeof event === 'string' && typeof bytes === 'string') {
        deliver(key, { event, bytes: Buffer.from(bytes, 'base64'), meta: isObject(meta) ? meta : undefined });
      }
    } else if (kind === 'presence' && typeof key === 'string' && isDiff(message.diff)) {
      showPresence(key, [presence.applyRemote(from, key, message.diff)]);
    } else if (kind === 'hello') {
      // A process that has just started learns what this one tracks.
      for (const { topic, diff } of presence.local()) bus?.publish({ kind: 'presence', key: topic, diff });
    } else if (kind === 'bye') {
      forget(from);
    }
  }

  /** Broadcasts from the database (realtime.send, inserts into realtime.messages), announced at commit. */
  async function fromDatabase(id: string): Promise<void> {
    const { rows } = await ctx.db.query<{ topic: string; event: string; payload: unknown; bytes: Buffer | null; private: boolean | null }>(
      `select topic, event, payload, binary_payload as bytes, private from realtime.messages where id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row) return;
    const key = keyOf(row.private === true, `realtime:${row.topic}`);
    const meta = { id };
    if (row.bytes) deliver(key, { event: row.event, bytes: Buffer.from(row.bytes), meta });
    else deliver(key, { json: { type: 'broadcast', event: row.event, payload: row.payload, meta } });
  }

  /** The caller of a REST request: its Authorization bearer token, else its apikey (as hosted Realtime). */
  async function caller(req: Request): Promise<Identity | Response> {
    const apikey = req.headers.get('apikey');
    const bearer = /^bearer\s+(.+)$/i.exec(req.headers.get('authorization')?.trim() ?? '')?.[1];
    const token = bearer ?? apikey;
    if (!token) return json({ message: 'No API key found in request' }, 401);
    try {
      return await identityOf(token, ctx.verifyJwt);
    } catch (error) {
      return json({ message: tokenError(error) }, 401);
    }
  }

  /** A payload's size and nesting against the socket's bounds; the reason it is refused, or undefined. */
  function payloadRefusal(text: string, nesting: number): string | undefined {
    if (Buffer.byteLength(text) > limits.maxMessageBytes || nesting > limits.maxPayloadDepth) return 'Payload size exceeds tenant limit';
    return undefined;
  }
  const unprocessable = (errors: Record<string, string[]>) => json({ errors }, 422);
  const accepted = () => new Response(null, { status: 202 });
  const mayWrite = async (who: Identity, topic: string) => (await turn(() => policiesFor(ctx, who, topic))).broadcast.write;

  /** POST /realtime/v1/api/broadcast/<topic>/events/<event>[?private=true]: one message, JSON or bytes (httpSend). */
  async function broadcastOne(req: Request, who: Identity, topic: string, event: string, isPrivate: boolean): Promise<Response> {
    if (topic === '' || topic.length > MAX_NAME_CHARS) return unprocessable({ topic: ['is invalid'] });
    if (event === '' || event.length > MAX_NAME_CHARS) return unprocessable({ event: ['is invalid'] });
    const binary = (req.headers.get('content-type') ?? '').startsWith('application/octet-stream');
    const body = Buffer.from(await req.arrayBuffer());
    if (body.length === 0) return unprocessable({ payload: ["can't be blank"] });
    let out: Outgoing;
    if (binary) {
      if (body.length > limits.maxMessageBytes) return unprocessable({ payload: ['Payload size exceeds tenant limit'] });
      out = { event, bytes: body };
    } else {
      const text = body.toString('utf8');
      const refused = payloadRefusal(text, jsonDepth(text));
      if (refused) return unprocessable({ payload: [refused] });
      let payload: unknown;
      try {
        payload = JSON.parse(text);
      } catch {
        return json({ message: 'Invalid JSON body' }, 400);
      }
      if (!isObject(payload)) return unprocessable({ payload: ['is invalid'] });
      out = { json: { type: 'broadcast', event, payload } };
    }
    if (isPrivate && !(await mayWrite(who, topic))) return json({ message: 'Unauthorized' }, 403);
    broadcast(keyOf(isPrivate, `realtime:${topic}`), out);
    return accepted();
  }

  /** POST /realtime/v1/api/broadcast {messages: [{topic, event, payload, private?, id?}]}: a private topic's messages go out only with its write policy. */
  async function broadcastBatch(req: Request, who: Identity): Promise<Response> {
    const text = await req.text();
    // The body's object, its list and each message's object are above the payloads.
    const refused = payloadRefusal('', jsonDepth(text) - 3);
    if (refused) return unprocessable({ messages: [refused] });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return json({ message: 'Invalid JSON body' }, 400);
    }
    const messages = isObject(body) ? body.messages : undefined;
    if (!Array.isArray(messages) || messages.length === 0) return unprocessable({ messages: ["can't be blank"] });
    if (messages.length > MAX_BATCH) return unprocessable({ messages: [`at most ${MAX_BATCH} messages`] });
    const valid: Array<{ topic: string; event: string; payload: Record<string, unknown>; private: boolean; id?: string }> = [];
    for (const m of messages) {
      if (!isObject(m)) return unprocessable({ messages: ['is invalid'] });
      const { topic, event, payload, id } = m;
      if (typeof topic !== 'string' || topic === '' || topic.length > MAX_NAME_CHARS) return unprocessable({ topic: ["can't be blank"] });
      if (typeof event !== 'string' || event === '' || event.length > MAX_NAME_CHARS) return unprocessable({ event: ["can't be blank"] });
      if (!isObject(payload)) return unprocessable({ payload: ["can't be blank"] });
      if (m.private !== undefined && m.private !== null && typeof m.private !== 'boolean') return unprocessable({ private: ['is invalid'] });
      const tooBig = payloadRefusal(JSON.stringify(payload), 0);
      if (tooBig) return unprocessable({ payload: [tooBig] });
      valid.push({ topic, event, payload, private: m.private === true, id: typeof id === 'string' ? id : undefined });
    }
    const writable = new Map<string, boolean>();
    for (const m of valid) {
      if (m.private && !writable.has(m.topic)) writable.set(m.topic, await mayWrite(who, m.topic));
      if (m.private && !writable.get(m.topic)) continue;
      const out = { type: 'broadcast', event: m.event, payload: m.payload, ...(m.id ? { meta: { id: m.id } } : {}) };
      broadcast(keyOf(m.private, `realtime:${m.topic}`), { json: out });
    }
    return accepted();
  }

  /** /realtime/v1/api: the REST broadcast endpoints. */
  async function api(req: Request): Promise<Response> {
    const path = new URL(req.url).pathname.slice(REALTIME_API_PATH.length);
    const one = /^\/broadcast\/([^/]+)\/events\/([^/]+)$/.exec(path);
    if (path !== '/broadcast' && !one) return json({ message: 'not found' }, 404);
    if (req.method !== 'POST') return json({ message: 'Method not allowed' }, 405);
    const who = await caller(req);
    if (who instanceof Response) return who;
    if (!one) return broadcastBatch(req, who);
    let topic: string;
    let event: string;
    try {
      topic = decodeURIComponent(one[1]!);
      event = decodeURIComponent(one[2]!);
    } catch {
      return json({ message: 'not found' }, 404);
    }
    return broadcastOne(req, who, topic, event, new URL(req.url).searchParams.get('private') === 'true');
  }

  const fromDatabaseInOrder = serialQueue((error) => log.error({ err: error }, 'realtime: a broadcast from the database failed'));
  let unlistenMessages: (() => Promise<void>) | undefined;
  let sweep: NodeJS.Timeout | undefined;
  return {
    api,
    async start(): Promise<void> {
      await changes.start();
      unlistenMessages = await ctx.db.listen('realtime_messages', (id) => {
        if (UUID.test(id)) fromDatabaseInOrder(() => fromDatabase(id));
      });
      // realtime.messages is what hosted Realtime keeps for a few days (its partitions); so here.
      sweep = setInterval(() => {
        ctx.db.query(`delete from realtime.messages where inserted_at < now() - interval '3 days'`).catch(() => undefined);
      }, 3_600_000);
      sweep.unref();
      if (bus) {
        await bus.start((from, message) => {
          try {
            fromBus(from, message);
          } catch (error) {
            log.error({ err: error }, 'realtime: a message from another process failed');
          }
        });
        bus.publish({ kind: 'hello' });
      }
    },
    async stop(): Promise<void> {
      clearInterval(ticker);
      clearInterval(sweep);
      server.off('upgrade', onUpgrade);
      for (const conn of connections) conn.ws.terminate();
      if (bus) {
        bus.publish({ kind: 'bye' });
        await bus.stop();
      }
      await unlistenMessages?.();
      await changes.stop();
      wss.close();
    },
  };
}
