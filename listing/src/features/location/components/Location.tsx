import type { Room } from 'shared/api';
import { LocationMap } from 'shared/ui';
import styles from './Location.module.css';

/** "Where you'll be": the map and what the listing says about its neighbourhood. */
export function Location({ room }: { room: Room }) {
  const place = [room.city, room.country].filter(Boolean).join(', ');
  return (
    <section id="location" className={styles.section} aria-labelledby="location-heading" tabIndex={-1}>
      <h2 id="location-heading" className={styles.heading}>
        Where you'll be
      </h2>
      <LocationMap lat={room.lat} lng={room.lng} place={place} />
      <p className={styles.place}>{room.house_location || place}</p>
      {room.location_description && <p className={styles.text}>{room.location_description}</p>}
    </section>
  );
}
