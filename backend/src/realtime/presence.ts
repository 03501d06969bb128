// Presence per topic, in this process: each channel tracks at most one meta under its presence
// key; joins and leaves go to every member of the topic as presence_diff (Phoenix.Presence shapes).
import { randomUUID } from 'node:crypto';

export type Meta = Record<string, unknown> & { phx_ref: string };
export type PresenceMap = Record<string, { metas: Meta[] }>;
export interface Diff {
  joins: PresenceMap;
  leaves: PresenceMap;
}

interface Tracked {
  key: string;
  meta: Meta;
}

const single = (t: Tracked): PresenceMap => ({ [t.key]: { metas: [t.meta] } });

export class Presence<Member> {
  private readonly topics = new Map<string, Map<Member, Tracked>>();

  /** presence_state: every tracked meta of the topic, by key. */
  state(topic: string): PresenceMap {
    const state: PresenceMap = {};
    for (const { key, meta } of this.topics.get(topic)?.values() ?? []) (state[key] ??= { metas: [] }).metas.push(meta);
    return state;
  }

  /**
   * Tracks `payload` for `member`. Replacing what it tracked before gives two diffs, the leave
   * first: realtime-js's presence drops the refs of metas already held under a key when a join
   * for that key arrives, after which their leave could not remove them.
   */
  track(topic: string, member: Member, key: string, payload: Record<string, unknown>): Diff[] {
    let members = this.topics.get(topic);
    if (!members) this.topics.set(topic, (members = new Map<Member, Tracked>()));
    const before = members.get(member);
    const now: Tracked = { key, meta: { ...payload, phx_ref: randomUUID() } };
    members.set(member, now);
    const join = { joins: single(now), leaves: {} };
    return before ? [{ joins: {}, leaves: single(before) }, join] : [join];
  }

  /** Stops tracking `member` (no diff when it tracked nothing). */
  untrack(topic: string, member: Member): Diff[] {
    const members = this.topics.get(topic);
    const before = members?.get(member);
    if (!members || !before) return [];
    members.delete(member);
    if (members.size === 0) this.topics.delete(topic);
    return [{ joins: {}, leaves: single(before) }];
  }
}
