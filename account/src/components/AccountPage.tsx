import { useId, type ReactNode } from 'react';
import styles from './AccountPage.module.css';

/** The page's styles for its empty and failed states (empty, emptyTitle, emptyText, action). */
export { styles as accountPageStyles };

/** An account list page: a section named by its heading, then what it lists. `className` sets its width. */
export function AccountPage({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className={className} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.title}>
        {title}
      </h1>
      {children}
    </section>
  );
}
