import styles from './CardFields.module.css';

/** The card box's shape while the Stripe card form loads, so the billing fields below stay put. */
export function CardFieldsPlaceholder() {
  return (
    <div role="status">
      <span className="visually-hidden">Loading the card form…</span>
      <div className={styles.box} aria-hidden="true">
        <div className={styles.field} />
        <div className={styles.row}>
          <div className={styles.field} />
          <div className={styles.field} />
        </div>
      </div>
      <div className={styles.errors} />
    </div>
  );
}
