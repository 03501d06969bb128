// /realtime/v1/websocket: Supabase Realtime's Phoenix channels (vsn 1.0.0 and 2.0.0) for
// realtime-js: heartbeats, phx_join / phx_leave, access_token refresh, broadcast (self, ack),
// presence and postgres_changes. Broadcast and presence reach the sockets of this process;
// postgres_changes come from the database, so every process on one database delivers them.
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
import { clientAddress } from '../http/server.ts';
import { identityOf, tokenError, type Identity } from './auth.ts';
import { createChanges, SubscriptionError, type ChangeListener, type ChangeSubscription } from './changes.ts';
import { ConnectionCounter, RateWindow, UserUsage } from './limits.ts';
import { Presence, type Diff } from './presence.ts';
import { decode, encode, PayloadError, ProtocolError, VSNS, type Message, type Vsn } from './protocol.ts';

export const REALTIME_PATH = '/realtime/v1/websocket';

interface Channel extends ChangeListener {
  conn: Connection;
  topic: string;
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
  const topics = new Map<string, Set<Channel>>();
  const presence = new Presence<Channel>();

  function* listeners(): Iterable<ChangeListener> {
    for (const members of topics.values()) for (const ch of members) if (ch.changes.length > 0) yield ch;
  }
  const changes = createChanges(ctx, listeners);

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
    if (conn.ws.readyState !== conn.ws.OPEN) return;
    if (conn.ws.bufferedAmount > limits.maxBufferedBytes) {
      conn.ws.terminate();
      return;
    }
    guard(conn, `sending ${m.event}`, () => conn.ws.send(encode(m, conn.vsn)));
  }
  const reply = (conn: Connection, m: Message, status: 'ok' | 'error', response: Record<string, unknown> = {}) =>
    send(conn, { join_ref: m.join_ref, ref: m.ref, topic: m.topic, event: 'phx_reply', payload: { status, response } });
  const push = (ch: Channel, event: string, payload: Record<string, unknown>) =>
    send(ch.conn, { join_ref: ch.joinRef, ref: null, topic: ch.topic, event, payload });
  const system = (ch: Channel, status: 'ok' | 'error', message: string, extension = 'system') =>
    push(ch, 'system', { channel: ch.topic.replace(/^realtime:/, ''), extension, message, status });

  function presenceDiff(topic: string, diffs: Diff[]) {
    for (const diff of diffs) for (const ch of topics.get(topic) ?? []) push(ch, 'presence_diff', { ...diff });
  }

  function remove(ch: Channel) {
    const members = topics.get(ch.topic);
    if (members?.delete(ch) && members.size === 0) topics.delete(ch.topic);
    if (ch.conn.channels.get(ch.topic) !== ch) return;
    ch.conn.channels.delete(ch.topic);
    usage.remove(ch.user, ch.conn, ch.changes.length);
    presenceDiff(ch.topic, presence.untrack(ch.topic, ch));
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
    const { broadcast, presence: presenceConfig, postgres_changes: requested, private: isPrivate } = config;
    if (isPrivate === true) return refuseJoin('Private channels are not supported by this server');
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
      joinRef: m.join_ref,
      self: broadcast?.self === true,
      ack: broadcast?.ack === true,
      presenceKey: key,
      user,
      identity,
      changes: subscriptions,
      deliver: (ids, data) => push(ch, 'postgres_changes', { ids, data }),
    };
    conn.channels.set(m.topic, ch);
    usage.add(user, conn, subscriptions.length);
    let members = topics.get(m.topic);
    if (!members) topics.set(m.topic, (members = new Set()));
    members.add(ch);
    reply(conn, m, 'ok', { postgres_changes: subscriptions.map((s) => s.spec) });
    if (presenceConfig?.enabled === true) push(ch, 'presence_state', presence.state(m.topic));
    if (subscriptions.length > 0) system(ch, 'ok', 'Subscribed to PostgreSQL', 'postgres_changes');
  }

  /** A channel's refreshed identity; a token of another user moves the channel into that user's caps. */
  function reassign(ch: Channel, identity: Identity): void {
    if (ch.conn.channels.get(ch.topic) !== ch) return;
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
        for (const other of topics.get(m.topic) ?? []) {
          if (other !== ch || ch.self) push(other, 'broadcast', m.payload);
        }
        if (ch.ack) reply(conn, m, 'ok');
        return;
      }
      case 'presence': {
        if (m.payload.event === 'track') {
          const payload = m.payload.payload;
          if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
            return reply(conn, m, 'error', { reason: 'presence payload must be an object' });
          }
          presenceDiff(m.topic, presence.track(m.topic, ch, ch.presenceKey, payload as Record<string, unknown>));
        } else if (m.payload.event === 'untrack') {
          presenceDiff(m.topic, presence.untrack(m.topic, ch));
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

  // Once a second: silent sockets are closed, channels whose token expired are ended.
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
  }, 1000);
  ticker.unref();

  return {
    start: () => changes.start(),
    async stop(): Promise<void> {
      clearInterval(ticker);
      server.off('upgrade', onUpgrade);
      for (const conn of connections) conn.ws.terminate();
      await changes.stop();
      wss.close();
    },
  };
}
