import { useGetExactLocationQuery, type Room } from 'shared/api';
import { EXACT_LOCATION_AFTER_BOOKING } from 'shared/rules';
import { selectIsLoggedIn } from 'shared/state';
import { useAppSelector } from 'shared/store';
import { LocationMap } from 'shared/ui';
import styles from './Location.module.css';

/**
 * "Where you'll be": the map and what the listing says about its neighbourhood. Everyone sees the
 * area ("Rooms".house_location, the city) and a circle around the room's approximate point; the
 * street and the pin come from room_locations, which the database gives only to the place's host
 * and to travellers with a confirmed stay there (issue 40), so they are asked for only when signed
 * in (and read with the page on the server for such a session, HouseDetail's prefetch).
 */
export function Location({ room }: { room: Room }) {
  const signedIn = useAppSelector(selectIsLoggedIn);
  const exact = useGetExactLocationQuery(room.id, { skip: !signedIn }).data ?? null;
  const place = [room.city, room.country].filter(Boolean).join(', ');
  const area = room.house_location || place;
  return (
    <section id="location" className={styles.section} aria-labelledby="location-heading" tabIndex={-1}>
      <h2 id="location-heading" className={styles.heading}>
        Where you'll be
      </h2>
      {exact ? (
        <>
          <LocationMap lat={exact.lat ?? room.lat} lng={exact.lng ?? room.lng} place={place} approximate={exact.lat === null || exact.lng === null} />
          <p className={styles.place}>{exact.address || area}</p>
          {exact.address && area !== exact.address && <p className={styles.area}>{area}</p>}
        </>
      ) : (
        <>
          <LocationMap lat={room.lat} lng={room.lng} place={place} approximate />
          <p className={styles.place}>{area}</p>
          <p className={styles.note}>{EXACT_LOCATION_AFTER_BOOKING}</p>
        </>
      )}
      {room.location_description && <p className={styles.text}>{room.location_description}</p>}
    </section>
  );
}
