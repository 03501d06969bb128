// Phoenix channel frames as realtime-js 2.109 sends and reads them: vsn 1.0.0 JSON objects
// {join_ref, ref, topic, event, payload}; vsn 2.0.0 JSON arrays [join_ref, ref, topic, event,
// payload], plus the binary "user broadcast push" frame (kind 3) the client uses for broadcasts.

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

const USER_BROADCAST_PUSH = 3;
const JSON_ENCODING = 1;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const refOf = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

function message(joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown): Message {
  if (typeof topic !== 'string' || typeof event !== 'string' || !isObject(payload)) {
    throw new ProtocolError('a message needs a topic, an event and an object payload');
  }
  return { join_ref: refOf(joinRef), ref: refOf(ref), topic, event, payload };
}

/** vsn 2.0.0's binary broadcast: kind, five lengths, encoding, then the strings and the payload. */
function decodeBroadcastPush(frame: Buffer): Message {
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
  let payload: unknown;
  let meta: unknown = {};
  try {
    payload = JSON.parse(frame.subarray(offset).toString('utf8'));
    if (metadata) meta = JSON.parse(metadata);
  } catch {
    throw new ProtocolError('binary broadcast payload is not JSON');
  }
  if (!isObject(meta)) throw new ProtocolError('binary broadcast metadata is not an object');
  return message(joinRef || null, ref || null, topic, 'broadcast', { ...meta, type: 'broadcast', event: userEvent, payload });
}

export function decode(frame: Buffer, isBinary: boolean, vsn: Vsn): Message {
  if (isBinary) {
    if (vsn !== '2.0.0') throw new ProtocolError('binary frames need vsn 2.0.0');
    return decodeBroadcastPush(frame);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(frame.toString('utf8'));
  } catch {
    throw new ProtocolError('frame is not JSON');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new ProtocolError('vsn 2.0.0 frames are 5-element arrays');
    return message(parsed[0], parsed[1], parsed[2], parsed[3], parsed[4]);
  }
  if (!isObject(parsed)) throw new ProtocolError('vsn 1.0.0 frames are objects');
  return message(parsed.join_ref, parsed.ref, parsed.topic, parsed.event, parsed.payload);
}

export function encode(m: Message, vsn: Vsn): string {
  return JSON.stringify(vsn === '2.0.0' ? [m.join_ref, m.ref, m.topic, m.event, m.payload] : m);
}
