/**
 * Media queries that a server can answer. The server does not know the screen, so it renders
 * for the width its request suggests (a phone or not: the ViewportHint) and the browser hydrates
 * with the same answer, then follows the real screen; a phone is thus not sent the wide layout
 * and moved to its own once scripts run.
 */
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

export type ViewportHint = 'small' | 'wide';

/** The width each hint stands for, in CSS pixels: a phone, a laptop (the spec's two sizes). */
const HINT_WIDTH: Readonly<Record<ViewportHint, number>> = { small: 375, wide: 1280 };

const ViewportHintContext = createContext<ViewportHint>('wide');

/** What the server rendered for; the shell provides it on the server and while hydrating. */
export const ViewportHintProvider = ViewportHintContext.Provider;

/** Whether a query of (min-width: Npx) and (max-width: Npx) conditions holds at a width. */
export function matchesWidth(query: string, width: number): boolean {
  const conditions = query.split(/\s+and\s+/i);
  return conditions.every((condition) => {
    const match = /^\(\s*(min|max)-width\s*:\s*(\d+(?:\.\d+)?)px\s*\)$/i.exec(condition.trim());
    if (!match) return false;
    const limit = Number(match[2]);
    return match[1]!.toLowerCase() === 'min' ? width >= limit : width <= limit;
  });
}

/** Whether a CSS media query matches, kept current as the window changes. */
export function useMediaQuery(query: string): boolean {
  const hint = useContext(ViewportHintContext);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => matchesWidth(query, HINT_WIDTH[hint]),
  );
}
