import { FREE_CANCELLATION_TEXT, cancellationPolicyText, houseRules, type CancellationPolicy, type ListingFacts } from 'shared/rules';
import { safetyNotes } from '../content';
import styles from './ThingsToKnow.module.css';

/**
 * "Things to know": the house rules the host set (with the listing's capacity), the alarms it has
 * or has not reported, and the cancellation policy: the spec's fixed 'free cancellation 48 hours' (true of every policy), then the terms of
 * the policy the host chose, once it is known.
 */
export function ThingsToKnow({ facts, maxGuests, policy }: { facts: ListingFacts; maxGuests: number; policy?: CancellationPolicy }) {
  const columns: { title: string; lines: readonly string[] }[] = [
    { title: 'House rules', lines: houseRules(facts, maxGuests) },
    { title: 'Safety & property', lines: safetyNotes(facts.amenities) },
    { title: 'Cancellation policy', lines: policy ? [FREE_CANCELLATION_TEXT, cancellationPolicyText(policy).terms] : [FREE_CANCELLATION_TEXT] },
  ];
  return (
    <section className={styles.section} aria-labelledby="things-heading">
      <h2 id="things-heading" className={styles.heading}>
        Things to know
      </h2>
      <div className={styles.columns}>
        {columns.map((column) => (
          <div key={column.title}>
            <h3 className={styles.title}>{column.title}</h3>
            <ul className={styles.list}>
              {column.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
