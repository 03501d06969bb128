import styles from './ComingSoon.module.css';

export function ComingSoon() {
  return (
    <section className={styles.page} aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title" className={styles.title}>
        Coming soon...
      </h1>
      <div className={styles.track} aria-hidden="true">
        <div className={styles.bar} />
      </div>
    </section>
  );
}
