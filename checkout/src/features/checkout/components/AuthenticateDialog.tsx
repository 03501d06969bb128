/**
 * The test processor's stand-in for a bank's 3-D Secure page: a card that asks for
 * authentication (4000 0025 0000 3155) waits here until the payer completes or fails it.
 */
import { Dialog } from 'shared/ui';
import styles from './BookingPage.module.css';

export function AuthenticateDialog({ open, onAnswer }: { open: boolean; onAnswer: (approve: boolean) => void }) {
  return (
    <Dialog open={open} onClose={() => onAnswer(false)} title="Confirm your payment">
      <p className={styles.dialogText}>
        Your bank asks you to confirm this payment. This is a test card, so no bank is involved: choose how the
        confirmation ends.
      </p>
      <div className={styles.dialogActions}>
        <button type="button" className={styles.linkButton} onClick={() => onAnswer(false)}>
          Fail authentication
        </button>
        <button type="button" className={styles.darkButton} onClick={() => onAnswer(true)}>
          Complete authentication
        </button>
      </div>
    </Dialog>
  );
}
