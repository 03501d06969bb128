/**
 * The one modal primitive of the site. A real dialog: role dialog, aria-modal, labelled by its
 * title; focus moves in, is trapped, and goes back to the opener on close; Escape, an outside
 * click and the 'Close' button close it; page scrolling is locked while any dialog is open. It
 * enters with a fade and slide over the modal duration token (optionally after a delay, as the
 * login dialog's 50 ms).
 */
import { useEffect, useId, useRef, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import styles from './Dialog.module.css';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** Shown in the dialog's header and used as its accessible name. */
  title: ReactNode;
  children: ReactNode;
  /** The panel becomes visible this long after opening (the enter animation waits). */
  revealDelayMs?: number;
  /** Extra class for the panel (width, padding). */
  className?: string;
  /** Where focus goes on open; the first focusable element of the body otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.hasAttribute('inert') && element.getAttribute('aria-hidden') !== 'true',
  );
}

/** Dialogs open at once (nested or stacked) share one scroll lock. */
let scrollLocks = 0;
let savedOverflow = '';

export function lockPageScroll(): () => void {
  if (scrollLocks === 0) {
    savedOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  scrollLocks += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    scrollLocks -= 1;
    if (scrollLocks === 0) document.body.style.overflow = savedOverflow;
  };
}

export function Dialog({ open, onClose, title, children, revealDelayMs = 0, className, initialFocus }: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const releaseScroll = lockPageScroll();
    const panel = panelRef.current;
    if (panel) {
      const target = initialFocus?.current ?? focusableIn(panel).find((el) => !el.dataset.dialogClose) ?? panel;
      target.focus({ preventScroll: true });
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (!panelRef.current) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(panelRef.current);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      const inside = active instanceof Node && panelRef.current.contains(active);
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      releaseScroll();
      if (opener && opener.isConnected) opener.focus({ preventScroll: true });
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- initialFocus is read once, when the dialog opens.
  }, [open]);

  if (!open) return null;
  const panelStyle: CSSProperties | undefined = revealDelayMs > 0 ? { animationDelay: `${revealDelayMs}ms` } : undefined;
  return createPortal(
    // A pointer on the backdrop closes; keyboard users have Escape and the close button.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className={styles.backdrop}
      style={panelStyle}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={className ? `${styles.panel} ${className}` : styles.panel}
        style={panelStyle}
      >
        <header className={styles.header}>
          <button
            type="button"
            className={styles.close}
            aria-label="Close"
            data-dialog-close="true"
            onClick={() => onCloseRef.current()}
          >
            <X size={18} strokeWidth={2.25} aria-hidden />
          </button>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
        </header>
        <div className={styles.body}>{children}</div>
      </div>
    </div>,
    document.body,
  );
}
