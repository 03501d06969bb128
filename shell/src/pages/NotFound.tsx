import { Link } from 'shared/router';
import styles from './NotFound.module.css';

export function NotFound() {
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <h1 id="not-found-title">We can't find that page</h1>
      <p>The address may be mistyped, or the page has moved.</p>
      <Link to="/home" className={styles.link}>
        Go to home
      </Link>
    </section>
  );
}
