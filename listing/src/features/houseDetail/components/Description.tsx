import { useState } from 'react';
import { ChevronRight } from 'lucide-react';
import { Dialog } from 'shared/ui';
import styles from './Description.module.css';

/** The description clamped to three lines; 'Show more' opens all of it in 'About this place'. */
export function Description({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  if (text.trim() === '') return null;
  return (
    <section className={styles.section} aria-label="Description">
      <p className={styles.clamped}>{text}</p>
      <button type="button" className={styles.more} onClick={() => setOpen(true)}>
        Show more
        <ChevronRight size={16} aria-hidden />
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="About this place" className={styles.dialog}>
        <p className={styles.full}>{text}</p>
      </Dialog>
    </section>
  );
}
