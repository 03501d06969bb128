/** The card a page of its own shows a login step in (/login, /reset-password): a titled panel, centred. */
import { useId, type ReactNode } from 'react';
import styles from './PageCard.module.css';

export function PageCard({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <div className={styles.card}>
        <h1 id={titleId} className={styles.title}>
          {title}
        </h1>
        <div className={styles.body}>{children}</div>
      </div>
    </section>
  );
}
