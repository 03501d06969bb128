import styles from './NotFound.module.css';

/** Shown when the site's own configuration cannot be read: nothing else can work then. */
export function StartupError() {
  return (
    <main className={styles.page} role="alert">
      <h1>Homestory could not start</h1>
      <p>We could not reach our servers. Check your connection and try again.</p>
      <button type="button" className={styles.link} onClick={() => window.location.reload()}>
        Try again
      </button>
    </main>
  );
}
