/**
 * Closes a popup the way the spec's user menu closes (accounts spec section 2): on a click
 * outside it, on scroll, when the window loses focus and when the tab is hidden; and, for
 * keyboard users, on Escape.
 */
import { useEffect, useRef, type RefObject } from 'react';

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
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismiss();
    };
    document.addEventListener('mousedown', onPointerDown);
    window.addEventListener('scroll', dismiss, { passive: true });
    window.addEventListener('blur', dismiss);
    document.addEventListener('visibilitychange', onVisibility);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      window.removeEventListener('scroll', dismiss);
      window.removeEventListener('blur', dismiss);
      document.removeEventListener('visibilitychange', onVisibility);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, container]);
}
