import { BedDouble } from 'lucide-react';
import { useRuntimeConfig } from 'shared/config';
import { imageSources } from '../../../lib/imageSources';
import { countOf, sleepingPlaces } from '../content';
import styles from './SleepingArrangements.module.css';

interface Props {
  /** The listing's counts ('3 bedrooms', '4 beds'). */
  bedrooms: string;
  beds: string;
  /** The listing's pictures of its first two sleeping places. */
  pictures: readonly [string | null, string | null];
}

/** "Where you'll sleep": a place per bedroom with its beds, the first two with the listing's pictures. */
export function SleepingArrangements({ bedrooms, beds, pictures }: Props) {
  const config = useRuntimeConfig();
  const places = sleepingPlaces(countOf(bedrooms), countOf(beds));
  return (
    <section className={styles.section} aria-labelledby="sleeping-heading">
      <h2 id="sleeping-heading" className={styles.heading}>
        Where you'll sleep
      </h2>
      <ul className={styles.list}>
        {places.map((place, index) => {
          const picture = pictures[index] ?? null;
          const sources = picture ? imageSources(config, picture, 400) : null;
          return (
            <li key={place.room} className={styles.place}>
              <div className={styles.frame}>
                {sources ? (
                  <img
                    className={styles.picture}
                    src={sources.src}
                    srcSet={sources.srcSet}
                    sizes="(max-width: 743px) 60vw, 260px"
                    alt={`${place.room}: ${place.beds}`}
                    width={400}
                    height={267}
                    loading="lazy"
                    decoding="async"
                  />
                ) : (
                  <BedDouble size={32} aria-hidden className={styles.icon} />
                )}
              </div>
              <p className={styles.room}>{place.room}</p>
              <p className={styles.beds}>{place.beds}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
