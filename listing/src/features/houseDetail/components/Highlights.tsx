import { CalendarX, DoorOpen, Handshake, MapPin, type LucideIcon } from 'lucide-react';
import { FREE_CANCELLATION_TEXT, checkInHighlight, locationHighlightText, type ListingFactsRead } from 'shared/rules';
import styles from './Highlights.module.css';

interface Highlight {
  icon: LucideIcon;
  title: string;
  text: string;
}

/**
 * The listing's highlights from its data: how check-in works (when the host said), the share of
 * guests who gave the location five stars (when there are such ratings), and the free
 * cancellation every listing gives.
 */
function highlightsOf(facts: Pick<ListingFactsRead, 'check_in_method' | 'location_five_star_percent'>): Highlight[] {
  const highlights: Highlight[] = [];
  if (facts.check_in_method) {
    highlights.push({ icon: facts.check_in_method === 'host' ? Handshake : DoorOpen, ...checkInHighlight(facts.check_in_method) });
  }
  if (facts.location_five_star_percent !== null) {
    highlights.push({ icon: MapPin, title: 'Great location', text: locationHighlightText(facts.location_five_star_percent) });
  }
  highlights.push({ icon: CalendarX, title: FREE_CANCELLATION_TEXT, text: 'Get a full refund if you change your mind.' });
  return highlights;
}

export function Highlights({ facts }: { facts: ListingFactsRead }) {
  return (
    <section className={styles.section} aria-label="Highlights">
      <ul className={styles.list}>
        {highlightsOf(facts).map(({ icon: Icon, title, text }) => (
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
