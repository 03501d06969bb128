/** The landing FAQ as an accordion: each question is a button that shows or hides its answer. */
import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { FAQ } from './content';
import styles from './Faq.module.css';

export function Faq() {
  const baseId = useId();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div className={styles.list}>
      {FAQ.map((entry, i) => {
        const expanded = open === i;
        const buttonId = `${baseId}-q${i}`;
        const panelId = `${baseId}-a${i}`;
        return (
          <div key={entry.question} className={styles.item}>
            <h3 className={styles.question}>
              <button
                id={buttonId}
                type="button"
                className={styles.toggle}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : i)}
              >
                {entry.question}
                <ChevronDown size={20} aria-hidden className={expanded ? styles.chevronOpen : styles.chevron} />
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} className={styles.answer} hidden={!expanded}>
              <p>{entry.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
