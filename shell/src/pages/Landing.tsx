import { Link } from 'react-router-dom';
import styles from './Landing.module.css';

/** The landing page (/). Its full content is built with the account issue. */
export function Landing() {
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <Link to="/home">Go to home</Link>
      </header>
      <h1 className={styles.title}>Homes that have a story</h1>
      <Link to="/home" className={styles.cta}>
        Explore Now
      </Link>
    </main>
  );
}
