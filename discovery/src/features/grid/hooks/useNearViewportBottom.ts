import { useEffect, useRef } from 'react';

/**
 * Calls `onNear` when the element comes within `distancePx` of the viewport's bottom (the
 * grid's infinite scroll). Uses an IntersectionObserver; nothing happens while `enabled` is off.
 */
export function useNearViewportBottom<T extends Element>(onNear: () => void, distancePx: number, enabled: boolean) {
  const ref = useRef<T>(null);
  const callback = useRef(onNear);
  callback.current = onNear;
  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: `0px 0px ${distancePx}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [distancePx, enabled]);
  return ref;
}
