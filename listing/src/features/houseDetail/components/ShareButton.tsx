import { Share } from 'lucide-react';
import { useAppDispatch } from 'shared/store';
import { showToast } from 'shared/state';
import styles from './TitleRow.module.css';

/** Shares the page with the system share sheet where there is one, else copies its link. */
export function ShareButton({ title }: { title: string }) {
  const dispatch = useAppDispatch();
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
      } catch (error) {
        // Closing the share sheet is not a failure.
        if (!(error instanceof DOMException && error.name === 'AbortError')) {
          dispatch(showToast({ kind: 'error', message: 'Could not share this listing' }));
        }
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      dispatch(showToast({ kind: 'success', message: 'Link copied' }));
    } catch {
      dispatch(showToast({ kind: 'error', message: 'Could not copy the link' }));
    }
  };
  return (
    <button type="button" className={styles.action} onClick={() => void share()}>
      <Share size={16} aria-hidden />
      <span className={styles.actionText}>Share</span>
    </button>
  );
}
