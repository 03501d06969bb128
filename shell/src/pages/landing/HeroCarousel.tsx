/**
 * The landing hero: the slides advance every 5 s with a 1 s slide (spec section 9), and can
 * be paused, as moving content must be (WCAG 2.2.2). Only the first photo loads at once.
 */
import { useEffect, useState, type CSSProperties } from 'react';
import { Pause, Play } from 'lucide-react';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_SLIDE_MS } from 'shared/rules';
import { HERO_SLIDES } from './content';
import styles from './HeroCarousel.module.css';

export function HeroCarousel() {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);

  useEffect(() => {
    if (!playing) return undefined;
    const timer = setInterval(() => setIndex((i) => (i + 1) % HERO_SLIDES.length), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [playing]);

  const trackStyle: CSSProperties = {
    transform: `translateX(${-index * 100}%)`,
    transitionDuration: `${CAROUSEL_SLIDE_MS}ms`,
  };

  return (
    <div className={styles.carousel} role="group" aria-roledescription="carousel" aria-label="Homes on Homestory">
      <div className={styles.track} style={trackStyle}>
        {HERO_SLIDES.map((slide, i) => (
          <div
            key={slide.large}
            className={styles.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${HERO_SLIDES.length}`}
            aria-hidden={i !== index}
          >
            <img
              src={slide.large}
              srcSet={`${slide.small} 800w, ${slide.large} 1600w`}
              sizes="100vw"
              width={1600}
              height={900}
              alt={slide.alt}
              className={styles.image}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'auto'}
              decoding={i === 0 ? 'sync' : 'async'}
            />
          </div>
        ))}
      </div>
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.play}
          onClick={() => setPlaying((value) => !value)}
          aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
        >
          {playing ? <Pause size={16} aria-hidden /> : <Play size={16} aria-hidden />}
        </button>
        {HERO_SLIDES.map((slide, i) => (
          <button
            key={slide.large}
            type="button"
            className={i === index ? `${styles.dot} ${styles.dotOn}` : styles.dot}
            aria-label={`Show slide ${i + 1}`}
            aria-current={i === index}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </div>
  );
}
