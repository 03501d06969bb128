import { Star } from 'lucide-react';
import type { HostFigures } from 'shared/rules';
import { HostAvatar, hostNameOf } from './HostBlock';
import styles from './HostCard.module.css';

/**
 * "Meet your host": the host, what the data says of them (reviews and rating once they have
 * reviews, time hosting, response figures) and their own description; a figure the data does not
 * hold is left out.
 */
export function HostCard({
  hostName,
  hostImage,
  hostDescription,
  figures,
  hostingText,
}: {
  hostName: string | null;
  hostImage: string | null;
  hostDescription: string | null;
  figures: HostFigures;
  hostingText: string | null;
}) {
  const name = hostNameOf(hostName);
  const reviewed = figures.reviews > 0;
  const responds = figures.response_rate !== null || figures.response_time !== null;
  return (
    <section className={styles.section} aria-labelledby="host-heading">
      <h2 id="host-heading" className={styles.heading}>
        Meet your host
      </h2>
      <div className={styles.layout}>
        <div className={styles.card}>
          <div className={styles.identity}>
            <HostAvatar image={hostImage} size={96} />
            <p className={styles.name}>{name}</p>
            <p className={styles.role}>Host</p>
          </div>
          {(reviewed || hostingText) && (
            <dl className={styles.stats}>
              {reviewed && (
                <div className={styles.stat}>
                  <dt>Reviews</dt>
                  <dd>{figures.reviews}</dd>
                </div>
              )}
              {reviewed && figures.rating !== null && (
                <div className={styles.stat}>
                  <dt>Rating</dt>
                  <dd>
                    {figures.rating}
                    <Star size={12} aria-hidden className={styles.star} />
                  </dd>
                </div>
              )}
              {hostingText && (
                <div className={styles.stat}>
                  <dt>Hosting</dt>
                  <dd>{hostingText}</dd>
                </div>
              )}
            </dl>
          )}
        </div>
        {(responds || hostDescription) && (
          <div className={styles.details}>
            <h3 className={styles.subheading}>Host details</h3>
            {figures.response_rate !== null && <p className={styles.line}>Response rate: {figures.response_rate}%</p>}
            {figures.response_time && <p className={styles.line}>Responds {figures.response_time}</p>}
            {hostDescription && <p className={styles.description}>{hostDescription}</p>}
          </div>
        )}
      </div>
    </section>
  );
}
