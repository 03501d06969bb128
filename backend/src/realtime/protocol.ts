// Phoenix channel frames as realtime-js 2.109 sends and reads them: vsn 1.0.0 JSON objects
// {join_ref, ref, topic, event, payload}; vsn 2.0.0 JSON arrays [join_ref, ref, topic, event,
// payload], plus the binary "user broadcast push" frame (kind 3) the client uses for broadcasts.
// Every frame is bounded on arrival, before anything reads it: its nesting depth is counted on
// the text (JSON.parse is iterative, but JSON.stringify, which sends a payload on, recurses and
// throws past a few thousand levels), and its fields by size. A frame past a bound is answered
// with the Phoenix error reply and handled no further.

export type Vsn = '1.0.0' | '2.0.0';
export const VSNS: readonly string[] = ['1.0.0', '2.0.0'];

export interface Message {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

/** A frame that is not a channel message; the socket answers it by closing (1003). */
export class ProtocolError extends Error {}

/** A channel message past a bound: `refused` (its payload emptied) gets the error reply `reason`. */
export class PayloadError extends Error {
  constructor(
    readonly refused: Message,
    reason: string,
  ) {
    super(reason);
  }
}

/** The bounds a frame is held to (config.ts, REALTIME_*). */
interface PayloadBounds {
  /** Nesting of arrays and objects in a message's payload, the payload itself being 1. */
  maxDepth: number;
  /** A tracked presence payload, as JSON. */
  maxPresenceBytes: number;
}

/** Fixed bounds of the fields no client needs long: names, refs and tokens. */
const MAX_NAME_CHARS = 256;
const MAX_REF_CHARS = 64;
const MAX_TOKEN_CHARS = 16 * 1024;

const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST = 4;
const BINARY_ENCODING = 0;
const JSON_ENCODING = 1;

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const refOf = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

function message(joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown): Message {
  if (typeof topic !== 'string' || typeof event !== 'string' || !isObject(payload)) {
    throw new ProtocolError('a message needs a topic, an event and an object payload');
  }
  return { join_ref: refOf(joinRef), ref: refOf(ref), topic, event, payload };
}

/** The deepest nesting of arrays and objects in JSON text, counted without parsing it. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      deepest = Math.max(deepest, ++depth);
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return deepest;
}

const tooLong = (v: unknown, max: number) => typeof v === 'string' && v.length > max;

/** Why a message's fields are past their bounds, or undefined when they are not. */
function fieldsPastBounds(m: Message, bounds: PayloadBounds): string | undefined {
  if (tooLong(m.topic, MAX_NAME_CHARS)) return `Topic too long: at most ${MAX_NAME_CHARS} characters`;
  if (tooLong(m.event, MAX_NAME_CHARS) || tooLong(m.payload.event, MAX_NAME_CHARS)) return `Event too long: at most ${MAX_NAME_CHARS} characters`;
  if (tooLong(m.ref, MAX_REF_CHARS) || tooLong(m.join_ref, MAX_REF_CHARS)) return `Ref too long: at most ${MAX_REF_CHARS} characters`;
  if (tooLong(m.payload.access_token, MAX_TOKEN_CHARS)) return `Access token too long: at most ${MAX_TOKEN_CHARS} characters`;
  const config = m.payload.config;
  if (isObject(config) && isObject(config.presence) && tooLong(config.presence.key, MAX_NAME_CHARS)) {
    return `Presence key too long: at most ${MAX_NAME_CHARS} characters`;
  }
  if (m.event === 'presence' && m.payload.payload !== undefined && Buffer.byteLength(JSON.stringify(m.payload.payload)) > bounds.maxPresenceBytes) {
    return `Presence payload too large: at most ${bounds.maxPresenceBytes} bytes`;
  }
  return undefined;
}

/** The message, or a PayloadError when it is nested deeper than `depth` allows or a field is too long. */
function bounded(m: Message, depth: number, bounds: PayloadBounds): Message {
  const reason =
    depth > bounds.maxDepth ? `Payload nested too deep: at most ${bounds.maxDepth} levels` : fieldsPastBounds(m, bounds);
  if (reason === undefined) return m;
  const refused = { ...m, payload: {} };
  if (tooLong(refused.ref, MAX_REF_CHARS)) refused.ref = null;
  if (tooLong(refused.join_ref, MAX_REF_CHARS)) refused.join_ref = null;
  if (tooLong(refused.topic, MAX_NAME_CHARS)) refused.topic = refused.topic.slice(0, MAX_NAME_CHARS);
  throw new PayloadError(refused, reason);
}

/** vsn 2.0.0's binary broadcast: kind, five lengths, encoding, then the strings and the payload. */
function decodeBroadcastPush(frame: Buffer, bounds: PayloadBounds): Message {
  if (frame.length < 7 || frame[0] !== USER_BROADCAST_PUSH) throw new ProtocolError('unknown binary frame');
  const lengths = [frame[1]!, frame[2]!, frame[3]!, frame[4]!, frame[5]!];
  if (frame[6] !== JSON_ENCODING) throw new ProtocolError('binary broadcast payloads are not supported');
  let offset = 7;
  const [joinRef, ref, topic, userEvent, metadata] = lengths.map((length) => {
    const text = frame.subarray(offset, offset + length).toString('utf8');
    offset += length;
    return text;
  }) as [string, string, string, string, string];
  if (offset > frame.length) throw new ProtocolError('truncated binary frame');
  const text = frame.subarray(offset).toString('utf8');
  let payload: unknown;
  let meta: unknown = {};
  try {
    payload = JSON.parse(text);
    if (metadata) meta = JSON.parse(metadata);
  } catch {
    throw new ProtocolError('binary broadcast payload is not JSON');
  }
  if (!isObject(meta)) throw new ProtocolError('binary broadcast metadata is not an object');
  const m = message(joinRef || null, ref || null, topic, 'broadcast', { ...meta, type: 'broadcast', event: userEvent, payload });
  // The payload sits inside the message's payload, beside the metadata's fields.
  return bounded(m, 1 + Math.max(jsonDepth(text), jsonDepth(metadata) - 1), bounds);
}

export function decode(frame: Buffer, isBinary: boolean, vsn: Vsn, bounds: PayloadBounds): Message {
  if (isBinary) {
    if (vsn !== '2.0.0') throw new ProtocolError('binary frames need vsn 2.0.0');
    return decodeBroadcastPush(frame, bounds);
  }
  const text = frame.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ProtocolError('frame is not JSON');
  }
  // The frame's own array or object is one level above its payload.
  const depth = jsonDepth(text) - 1;
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new ProtocolError('vsn 2.0.0 frames are 5-element arrays');
    return bounded(message(parsed[0], parsed[1], parsed[2], parsed[3], parsed[4]), depth, bounds);
  }
  if (!isObject(parsed)) throw new ProtocolError('vsn 1.0.0 frames are objects');
  return bounded(message(parsed.join_ref, parsed.ref, parsed.topic, parsed.event, parsed.payload), depth, bounds);
}

export function encode(m: Message, vsn: Vsn): string {
  return JSON.stringify(vsn === '2.0.0' ? [m.join_ref, m.ref, m.topic, m.event, m.payload] : m);
}

/**
 * vsn 2.0.0's binary broadcast to a client (kind 4) with a binary payload: kind, the lengths of
 * topic, event and metadata, the encoding, then those and the payload. Undefined when a name is
 * past the 255 bytes its length byte can say.
 */
export function encodeUserBroadcast(topic: string, event: string, meta: Record<string, unknown> | undefined, payload: Buffer): Buffer | undefined {
  const parts = [topic, event, meta ? JSON.stringify(meta) : ''].map((s) => Buffer.from(s, 'utf8'));
  if (parts.some((p) => p.length > 255)) return undefined;
  return Buffer.concat([Buffer.from([USER_BROADCAST, ...parts.map((p) => p.length), BINARY_ENCODING]), ...parts, payload]);
}
