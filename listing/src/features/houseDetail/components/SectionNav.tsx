import { STICKY_NAV_THRESHOLD_PX } from 'shared/rules';
import { scrollToSection, useScrolledPast } from '../../../hooks/useScroll';
import styles from './SectionNav.module.css';

export const SECTION_LINKS = [
  { id: 'photos', label: 'Photos' },
  { id: 'amenities', label: 'Amenities' },
  { id: 'reviews', label: 'Reviews' },
  { id: 'location', label: 'Location' },
] as const;

/** The bar of section links that sticks to the top once the page is scrolled past 566px. */
export function SectionNav() {
  const visible = useScrolledPast(STICKY_NAV_THRESHOLD_PX);
  return (
    <nav className={styles.nav} aria-label="Listing sections" hidden={!visible}>
      <ul className={styles.list}>
        {SECTION_LINKS.map((link) => (
          <li key={link.id}>
            <a
              className={styles.link}
              href={`#${link.id}`}
              onClick={(event) => {
                event.preventDefault();
                scrollToSection(link.id);
                document.getElementById(link.id)?.focus({ preventScroll: true });
              }}
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
