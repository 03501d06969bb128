import { Star } from 'lucide-react';
import { HOST_STATS, YEARS_HOSTING_TEXT } from 'shared/rules';
import { HostAvatar, hostNameOf } from './HostBlock';
import styles from './HostCard.module.css';

/** "Meet your host": the host with the spec's fixed stats and their own description. */
export function HostCard({
  hostName,
  hostImage,
  hostDescription,
}: {
  hostName: string | null;
  hostImage: string | null;
  hostDescription: string | null;
}) {
  const name = hostNameOf(hostName);
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
          <dl className={styles.stats}>
            <div className={styles.stat}>
              <dt>Reviews</dt>
              <dd>{HOST_STATS.reviews}</dd>
            </div>
            <div className={styles.stat}>
              <dt>Rating</dt>
              <dd>
                {HOST_STATS.rating}
                <Star size={12} aria-hidden className={styles.star} />
              </dd>
            </div>
            <div className={styles.stat}>
              <dt>Hosting</dt>
              <dd>{YEARS_HOSTING_TEXT}</dd>
            </div>
          </dl>
        </div>
        <div className={styles.details}>
          <h3 className={styles.subheading}>Host details</h3>
          <p className={styles.line}>Response rate: {HOST_STATS.responseRate}</p>
          <p className={styles.line}>Responds {HOST_STATS.responseTime}</p>
          {hostDescription && <p className={styles.description}>{hostDescription}</p>}
        </div>
      </div>
    </section>
  );
}
