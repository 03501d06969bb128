/**
 * Test mode only: which card the built-in test processor accepts, with copy buttons, inline in
 * 'Pay with' above the card fields (a toast over the form hid the fields and the dates and
 * guests dialogs for ten seconds).
 */
import styles from './BookingPage.module.css';

/** The card the test processor accepts (Stripe's documented success card). */
const TEST_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' } as const;

const COPIES = [
  { label: 'Copy card number', value: TEST_CARD.number.replace(/ /g, '') },
  { label: 'Copy expiry', value: TEST_CARD.expiry },
  { label: 'Copy CVC', value: TEST_CARD.cvc },
] as const;

export function TestCardHint() {
  return (
    <div className={styles.testCardHint} role="note" aria-label="Test card">
      <p>
        Test mode: use card {TEST_CARD.number}, {TEST_CARD.expiry}, CVC {TEST_CARD.cvc}.
      </p>
      <div className={styles.testCardCopies}>
        {COPIES.map(({ label, value }) => (
          <button key={label} type="button" className={styles.copyButton} onClick={() => void navigator.clipboard?.writeText(value)}>
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}
