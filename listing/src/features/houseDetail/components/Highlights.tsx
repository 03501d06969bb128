import { HIGHLIGHTS } from '../content';
import styles from './Highlights.module.css';

export function Highlights() {
  return (
    <section className={styles.section} aria-label="Highlights">
      <ul className={styles.list}>
        {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
          <li key={title} className={styles.item}>
            <Icon size={24} aria-hidden className={styles.icon} />
            <div>
              <p className={styles.title}>{title}</p>
              <p className={styles.text}>{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
