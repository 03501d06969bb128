/**
 * jsdom has no layout and no matchMedia: this gives it one that evaluates min-width and
 * max-width queries against a width the test sets, and tells listeners when it changes.
 */
type Listener = (event: MediaQueryListEvent) => void;

let width = 1280;
const lists = new Set<{ query: string; listeners: Set<Listener> }>();

function matches(query: string): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+)px/.exec(query);
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}

export function installMatchMedia(): void {
  window.matchMedia = (query: string) => {
    const entry = { query, listeners: new Set<Listener>() };
    lists.add(entry);
    return {
      get matches() {
        return matches(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => entry.listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => entry.listeners.delete(listener),
      addListener: (listener: Listener) => entry.listeners.add(listener),
      removeListener: (listener: Listener) => entry.listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  };
}

/** Sets the viewport width and fires the change listeners of the queries it flips. */
export function setViewportWidth(next: number): void {
  const before = new Map([...lists].map((entry) => [entry, matches(entry.query)]));
  width = next;
  window.innerWidth = next;
  for (const [entry, was] of before) {
    const now = matches(entry.query);
    if (now !== was) for (const listener of entry.listeners) listener({ matches: now, media: entry.query } as MediaQueryListEvent);
  }
}
