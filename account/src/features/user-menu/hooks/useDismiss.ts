/**
 * Closes a popup the way the spec's user menu closes (accounts spec section 2): on a click
 * outside it, on scroll, when the window loses focus and when the tab is hidden; and, for
 * keyboard users, on Escape.
 *
 * 'On scroll' means a scroll the user makes (wheel, touch, or a scrolling key outside the
 * popup), not any scroll event: a page still settling (images arriving, a restored position)
 * scrolls itself, and the menu must not close under the pointer.
 */
import { useEffect, useRef, type RefObject } from 'react';

const SCROLL_KEYS = new Set(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End', ' ']);

export function useDismiss(open: boolean, container: RefObject<HTMLElement | null>, close: () => void): void {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) return undefined;
    const dismiss = () => closeRef.current();
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (container.current && event.target instanceof Node && !container.current.contains(event.target)) dismiss();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') dismiss();
    };
    const inside = (target: EventTarget | null) => container.current !== null && target instanceof Node && container.current.contains(target);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' || (SCROLL_KEYS.has(event.key) && !inside(event.target))) dismiss();
    };
    const onUserScroll = (event: Event) => {
      if (!inside(event.target)) dismiss();
    };
    document.addEventListener('mousedown', onPointerDown);
    window.addEventListener('wheel', onUserScroll, { passive: true });
    window.addEventListener('touchmove', onUserScroll, { passive: true });
    window.addEventListener('blur', dismiss);
    document.addEventListener('visibilitychange', onVisibility);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      window.removeEventListener('wheel', onUserScroll);
      window.removeEventListener('touchmove', onUserScroll);
      window.removeEventListener('blur', dismiss);
      document.removeEventListener('visibilitychange', onVisibility);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, container]);
}
