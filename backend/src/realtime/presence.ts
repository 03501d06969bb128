// Presence per topic: each channel of this process tracks at most one meta under its presence
// key; joins and leaves go to every member of the topic as presence_diff (Phoenix.Presence shapes).
// What other backend processes track arrives as their diffs (bus.ts) and is kept per process, so
// that a process that stops or goes silent takes its metas with it.
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
  /** Other processes' metas: by process, topic and phx_ref. */
  private readonly remote = new Map<string, Map<string, Map<string, Tracked>>>();

  /** presence_state: every tracked meta of the topic, by key, this process's and the others'. */
  state(topic: string): PresenceMap {
    const state = this.localState(topic);
    for (const topics of this.remote.values()) {
      for (const { key, meta } of topics.get(topic)?.values() ?? []) (state[key] ??= { metas: [] }).metas.push(meta);
    }
    return state;
  }

  /** What this process tracks, for a process that has just started. */
  local(): Array<{ topic: string; diff: Diff }> {
    return [...this.topics.keys()].map((topic) => ({ topic, diff: { joins: this.localState(topic), leaves: {} } }));
  }

  private localState(topic: string): PresenceMap {
    const state: PresenceMap = {};
    for (const { key, meta } of this.topics.get(topic)?.values() ?? []) (state[key] ??= { metas: [] }).metas.push(meta);
    return state;
  }

  /** Another process's diff: kept as that process's, and returned as its members should see it. */
  applyRemote(process: string, topic: string, diff: Diff): Diff {
    let topics = this.remote.get(process);
    if (!topics) this.remote.set(process, (topics = new Map<string, Map<string, Tracked>>()));
    let tracked = topics.get(topic);
    if (!tracked) topics.set(topic, (tracked = new Map<string, Tracked>()));
    const seen: Diff = { joins: {}, leaves: {} };
    for (const [key, { metas }] of Object.entries(diff.leaves)) {
      for (const meta of metas) if (tracked.delete(meta.phx_ref)) (seen.leaves[key] ??= { metas: [] }).metas.push(meta);
    }
    for (const [key, { metas }] of Object.entries(diff.joins)) {
      for (const meta of metas) {
        if (tracked.has(meta.phx_ref)) continue;
        tracked.set(meta.phx_ref, { key, meta });
        (seen.joins[key] ??= { metas: [] }).metas.push(meta);
      }
    }
    if (tracked.size === 0) topics.delete(topic);
    if (topics.size === 0) this.remote.delete(process);
    return seen;
  }

  /** Forgets a process that stopped: the leaves of everything it tracked, by topic. */
  dropRemote(process: string): Array<{ topic: string; diff: Diff }> {
    const topics = this.remote.get(process);
    this.remote.delete(process);
    return [...(topics ?? new Map<string, Map<string, Tracked>>())].map(([topic, tracked]) => {
      const leaves: PresenceMap = {};
      for (const { key, meta } of tracked.values()) (leaves[key] ??= { metas: [] }).metas.push(meta);
      return { topic, diff: { joins: {}, leaves } };
    });
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
