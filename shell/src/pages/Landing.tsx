/**
 * The landing page (/), accounts spec section 2: a header with 'Go to home', the hero carousel
 * with 'Homes that have a story' and 'Explore Now', the four value points, the FAQ, the guest
 * reviews fading in, the map centred on a fixed city, and the footer. No fixed splash
 * (ARCHITECTURE section 6): the page shows as soon as it is loaded.
 */
import { Link } from 'shared/router';
import { Globe, HandHeart, House, ShieldCheck, type LucideIcon } from 'lucide-react';
import { Logo } from '../layout/Logo';
import { Footer } from '../layout/Footer';
import { HeroCarousel } from './landing/HeroCarousel';
import { Faq } from './landing/Faq';
import { Reviews } from './landing/Reviews';
import { LandingMap } from './landing/LandingMap';
import { MAP_CITY, VALUE_POINTS } from './landing/content';
import styles from './Landing.module.css';

const VALUE_ICONS: readonly LucideIcon[] = [House, HandHeart, ShieldCheck, Globe];

export function Landing() {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link to="/home" className={styles.logo} aria-label="Homestory home">
          <Logo />
        </Link>
        <Link to="/home" className={styles.homeLink}>
          Go to home
        </Link>
      </header>
      <main id="main">
        <section className={styles.hero} aria-labelledby="landing-title">
          <HeroCarousel />
          <div className={styles.heroText}>
            <h1 id="landing-title" className={styles.title}>
              Homes that have a story
            </h1>
            <p className={styles.lead}>
              A curated alternative to algorithm-driven listings: whole homes with character, hosted by humans.
            </p>
            <Link to="/home" className={styles.cta}>
              Explore Now
            </Link>
          </div>
        </section>

        <section className={styles.section} aria-labelledby="why-title">
          <h2 id="why-title" className={styles.sectionTitle}>
            Why Homestory
          </h2>
          <ul className={styles.values}>
            {VALUE_POINTS.map((point, i) => {
              const Icon = VALUE_ICONS[i] ?? House;
              return (
                <li key={point.title} className={styles.value}>
                  <Icon size={32} strokeWidth={1.5} aria-hidden className={styles.valueIcon} />
                  <h3 className={styles.valueTitle}>{point.title}</h3>
                  <p className={styles.valueText}>{point.text}</p>
                </li>
              );
            })}
          </ul>
        </section>

        <section className={styles.section} aria-labelledby="faq-title">
          <h2 id="faq-title" className={styles.sectionTitle}>
            Frequently asked questions
          </h2>
          <Faq />
        </section>

        <section className={`${styles.section} ${styles.muted}`} aria-labelledby="reviews-title">
          <h2 id="reviews-title" className={styles.sectionTitle}>
            What guests say
          </h2>
          <Reviews />
        </section>

        <section className={styles.section} aria-labelledby="map-title">
          <h2 id="map-title" className={styles.sectionTitle}>
            Start in {MAP_CITY.name}
          </h2>
          <LandingMap />
        </section>

        <section className={styles.closing} aria-labelledby="closing-title">
          <h2 id="closing-title" className={styles.closingTitle}>
            Find a home with a story
          </h2>
          <Link to="/home" className={styles.cta}>
            Explore Now
          </Link>
        </section>
      </main>
      <Footer />
    </div>
  );
}
