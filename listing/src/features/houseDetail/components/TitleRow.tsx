import type { ReactNode } from 'react';
import { ShareButton } from './ShareButton';
import styles from './TitleRow.module.css';

/** The listing's title (the page's one h1) with its share and save actions. */
export function TitleRow({ title, saveButton }: { title: string; saveButton: ReactNode }) {
  return (
    <div className={styles.row}>
      <h1 className={styles.title}>{title}</h1>
      <div className={styles.actions}>
        <ShareButton title={title} />
        {saveButton}
      </div>
    </div>
  );
}
