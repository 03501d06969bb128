import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following changes (false where matchMedia is absent). */
export function useMediaQuery(query: string): boolean {
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
    () => false,
  );
}

const subscribeToResize = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** The viewport's width in CSS pixels, following resizes. */
export function useViewportWidth(): number {
  return useSyncExternalStore(subscribeToResize, () => window.innerWidth, () => 0);
}
