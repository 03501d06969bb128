import styles from './Logo.module.css';

/** The Homestory mark and word, drawn inline so the header needs no extra request. */
export function Logo() {
  return (
    <span className={styles.logo}>
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <path
          d="M16 3 3 14.5V29h9.5v-8h7v8H29V14.5L16 3Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.6"
          strokeLinejoin="round"
        />
      </svg>
      <span className={styles.word}>homestory</span>
    </span>
  );
}
