import { Link } from 'shared/router';
import { useAppDispatch, useAppSelector } from 'shared/store';
import { GUEST_KINDS } from 'shared/rules';
import { setGuests } from 'shared/state';
import { GuestCounter } from 'shared/ui';
import { selectGuestCounts } from '../form';
import styles from './Panels.module.css';

/** Who: adults, children, infants and pets with the limits of spec section 5. */
export function GuestPanel({ inCard = false }: { inCard?: boolean }) {
  const dispatch = useAppDispatch();
  const counts = useAppSelector(selectGuestCounts);
  return (
    <div className={inCard ? undefined : styles.guestPanel}>
      {GUEST_KINDS.map((kind) => (
        <GuestCounter
          key={kind}
          kind={kind}
          counts={counts}
          onChange={(next) => dispatch(setGuests(next))}
          subtitle={
            kind === 'pets' ? (
              <Link to="/comingsoon" className={styles.serviceAnimal}>
                Bringing a service animal?
              </Link>
            ) : undefined
          }
        />
      ))}
    </div>
  );
}
