/** The landing page's fixed content (accounts spec section 2, 'Landing page'). */
import hero1 from './assets/hero-1-1600.webp';
import hero1Small from './assets/hero-1-800.webp';
import hero2 from './assets/hero-2-1600.webp';
import hero2Small from './assets/hero-2-800.webp';
import hero3 from './assets/hero-3-1600.webp';
import hero3Small from './assets/hero-3-800.webp';
import hero4 from './assets/hero-4-1600.webp';
import hero4Small from './assets/hero-4-800.webp';
import hero5 from './assets/hero-5-1600.webp';
import hero5Small from './assets/hero-5-800.webp';

export interface HeroSlide {
  large: string;
  small: string;
  alt: string;
}

export const HERO_SLIDES: readonly HeroSlide[] = [
  { large: hero1, small: hero1Small, alt: 'A cottage on a cliff above the sea at sunset' },
  { large: hero2, small: hero2Small, alt: 'A wooden cabin among pines below snowy mountains' },
  { large: hero3, small: hero3Small, alt: 'A domed house among desert dunes' },
  { large: hero4, small: hero4Small, alt: 'A lake house with lit windows under a starry sky' },
  { large: hero5, small: hero5Small, alt: 'A beach villa between palm trees' },
];

export interface ValuePoint {
  title: string;
  text: string;
}

export const VALUE_POINTS: readonly ValuePoint[] = [
  {
    title: 'Authentic stays',
    text: 'Every home is chosen for its character and the story behind it, not for how well it games an algorithm.',
  },
  {
    title: 'Human hosts',
    text: 'Real people who know their homes and their neighbourhoods, and who are there when you need them.',
  },
  {
    title: 'Secure booking',
    text: 'Card payments are confirmed before your stay is booked, and no two guests can book the same nights.',
  },
  {
    title: 'Global access',
    text: 'From mountain cabins to beach villas, homes across the world are a search away.',
  },
];

export interface FaqEntry {
  question: string;
  answer: string;
}

export const FAQ: readonly FaqEntry[] = [
  {
    question: 'What makes Homestory different?',
    answer:
      'Homestory is a curated alternative to algorithm-driven listings: homes that have a story, hosted by humans. We pick each place for its character, and you book the whole home.',
  },
  {
    question: 'How do cancellations work?',
    answer:
      'Each listing sets its own cancellation policy, shown before you book. You cancel a reservation yourself from your dashboard.',
  },
  {
    question: 'Are the listings verified?',
    answer: 'Yes. Every listing is verified manually by our team before it appears on Homestory.',
  },
  {
    question: 'Can I talk to my host?',
    answer: 'Yes. Contact host on any listing starts a direct chat with its host before you book, and it stays with your trip after.',
  },
];

export interface Review {
  name: string;
  location: string;
  text: string;
  /** 1 to 5. */
  rating: number;
  /** The avatar's background colour. */
  colour: string;
}

export const REVIEWS: readonly Review[] = [
  {
    name: 'Priya Sharma',
    location: 'Bengaluru, India',
    text: 'The cabin felt like staying with a friend who happens to own the best view in the valley. Our host left a hand-drawn map of her favourite walks.',
    rating: 5,
    colour: '#8c3b3b',
  },
  {
    name: 'Lucas Martin',
    location: 'Lyon, France',
    text: 'Booking was quick and the house was exactly as pictured. The story of how the family restored the old riad made the stay special.',
    rating: 5,
    colour: '#2f5a3e',
  },
  {
    name: 'Emily Chen',
    location: 'Vancouver, Canada',
    text: 'A calm lake house with a host who answered every question within minutes. Only wish we had stayed longer.',
    rating: 4,
    colour: '#243556',
  },
];

/** The map's fixed centre. */
export const MAP_CITY = { name: 'Los Angeles', region: 'California, United States' } as const;
