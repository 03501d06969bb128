import { useEffect } from 'react';
import { X } from 'lucide-react';
import { useAppDispatch, useAppSelector } from 'shared/store';
import { dismissToast, selectToasts, type Toast } from 'shared/ui/toastSlice';
import styles from './Toasts.module.css';

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const timer = setTimeout(() => dispatch(dismissToast(toast.id)), toast.durationMs);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id, toast.durationMs]);
  return (
    // The live-region role sits inside the list item, so the list holds only list items (axe 'list').
    <li>
      <div className={`${styles.toast} ${styles[toast.kind]}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
        <span className={styles.message}>{toast.message}</span>
        {toast.actions?.map((action) => (
          <button
            key={action.label}
            type="button"
            className={styles.action}
            onClick={() => void navigator.clipboard?.writeText(action.copy)}
          >
            {action.label}
          </button>
        ))}
        <button type="button" className={styles.close} aria-label="Dismiss" onClick={() => dispatch(dismissToast(toast.id))}>
          <X size={16} aria-hidden />
        </button>
      </div>
    </li>
  );
}

/** The page's toasts, newest last; each dismisses itself after its own duration. */
export function Toasts() {
  const toasts = useAppSelector(selectToasts);
  return (
    <ol className={styles.stack} aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </ol>
  );
}
