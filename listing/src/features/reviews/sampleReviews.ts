/** The four sample reviews every listing with enough reviews shows (fixed placeholder content). */
export interface SampleReview {
  name: string;
  location: string;
  date: string;
  text: string;
}

export const SAMPLE_REVIEWS: readonly SampleReview[] = [
  {
    name: 'Maya',
    location: 'Lisbon, Portugal',
    date: '2 weeks ago',
    text: 'Exactly as pictured and spotless. The host answered every question within minutes and the check-in was effortless.',
  },
  {
    name: 'Daniel',
    location: 'Toronto, Canada',
    date: '1 month ago',
    text: 'A quiet, comfortable place in a great spot. We walked everywhere and came back to a cosy home each evening.',
  },
  {
    name: 'Priya',
    location: 'Pune, India',
    date: '2 months ago',
    text: 'The photos do not do it justice. Beds were comfortable, the kitchen had everything we needed, and the views were lovely.',
  },
  {
    name: 'Lukas',
    location: 'Munich, Germany',
    date: '3 months ago',
    text: 'Great value and a very kind host. Clear instructions, fast wifi for remote work, and a neighbourhood full of good food.',
  },
];
