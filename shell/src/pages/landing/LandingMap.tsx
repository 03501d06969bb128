/**
 * The landing map, centred on a fixed city. Drawn offline (ARCHITECTURE section 6: no map
 * service is needed on one machine): coast, freeways, a street grid and the city's pin.
 */
import { MAP_CITY } from './content';
import styles from './LandingMap.module.css';

const STREETS = Array.from({ length: 15 }, (_, i) => 40 + i * 52);

export function LandingMap() {
  return (
    <figure className={styles.map}>
      <svg viewBox="0 0 800 450" role="img" aria-label={`Map centred on ${MAP_CITY.name}, ${MAP_CITY.region}`} className={styles.svg}>
        <rect width="800" height="450" fill="#eef0e6" />
        <path d="M0 300 C 80 290 120 330 180 360 S 260 420 300 450 L0 450 Z" fill="#a9d3e9" />
        <g stroke="#ffffff" strokeWidth="3">
          {STREETS.map((x) => (
            <line key={`v${x}`} x1={x} y1="0" x2={x - 40} y2="450" />
          ))}
          {STREETS.slice(0, 9).map((y) => (
            <line key={`h${y}`} x1="0" y1={y} x2="800" y2={y + 20} />
          ))}
        </g>
        <path d="M120 40 C 300 120 420 160 560 200 S 760 280 800 300" stroke="#f5c56b" strokeWidth="9" fill="none" />
        <path d="M420 0 C 410 120 400 220 380 450" stroke="#f5c56b" strokeWidth="9" fill="none" />
        <path d="M0 120 C 200 180 300 230 400 225 S 640 210 800 160" stroke="#f5c56b" strokeWidth="7" fill="none" />
        <rect x="520" y="60" width="150" height="90" rx="10" fill="#cfe3c2" />
        <rect x="210" y="250" width="110" height="70" rx="10" fill="#cfe3c2" />
        <g transform="translate(400 225)">
          <circle r="26" fill="rgb(224 0 77 / 0.18)" />
          <path d="M0 0 C -14 -18 -18 -26 -18 -34 A18 18 0 0 1 18 -34 C 18 -26 14 -18 0 0 Z" fill="#e0004d" />
          <circle cy="-34" r="6.5" fill="#fff" />
        </g>
        <g transform="translate(400 272)">
          <rect x="-66" y="-16" width="132" height="30" rx="15" fill="#fff" stroke="#ddd" />
          <text y="5" textAnchor="middle" fontSize="15" fontWeight="600" fill="#222">
            {MAP_CITY.name}
          </text>
        </g>
      </svg>
      <figcaption className={styles.caption}>
        {MAP_CITY.name}, {MAP_CITY.region}
      </figcaption>
    </figure>
  );
}
