import { shownAmenities, type ListingFacts } from 'shared/rules';
import { AMENITY_ICONS, FALLBACK_AMENITY_ICON } from '../content';
import styles from './Amenities.module.css';

/** "What this place offers": the amenities the host listed, and the alarms it lacks struck through. */
export function Amenities({ facts }: { facts: ListingFacts }) {
  return (
    <section id="amenities" className={styles.section} aria-labelledby="amenities-heading" tabIndex={-1}>
      <h2 id="amenities-heading" className={styles.heading}>
        What this place offers
      </h2>
      <ul className={styles.list}>
        {shownAmenities(facts).map(({ name, available }) => {
          const Icon = AMENITY_ICONS[name] ?? FALLBACK_AMENITY_ICON;
          return (
            <li key={name} className={available ? styles.item : `${styles.item} ${styles.unavailable}`}>
              <Icon size={24} aria-hidden className={styles.icon} />
              {available ? (
                name
              ) : (
                <>
                  <span className="visually-hidden">Unavailable: </span>
                  <s>{name}</s>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
