import { BedDouble } from 'lucide-react';
import { useRuntimeConfig } from 'shared/config';
import { imageSources } from '../../../lib/imageSources';
import { SLEEPING_PLACES } from '../content';
import styles from './SleepingArrangements.module.css';

/** "Where you'll sleep": the two sleeping places with the listing's pictures of them. */
export function SleepingArrangements({ pictures }: { pictures: readonly [string | null, string | null] }) {
  const config = useRuntimeConfig();
  return (
    <section className={styles.section} aria-labelledby="sleeping-heading">
      <h2 id="sleeping-heading" className={styles.heading}>
        Where you'll sleep
      </h2>
      <ul className={styles.list}>
        {SLEEPING_PLACES.map((place, index) => {
          const picture = pictures[index];
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
