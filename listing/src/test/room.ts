import type { Room } from 'shared/api';
import type { ListingFactsRead } from 'shared/rules';

/** A complete Rooms row for component tests. */
export function testRoom(overrides: Partial<Room> = {}): Room {
  return {
    id: 7,
    'house-title': 'Cliffside cottage',
    title_1: 'Entire cottage in Lisbon, Portugal',
    title_2: 'Sea views',
    price: 10000,
    currency: 'INR',
    nightly_usd: 121,
    cleaning_fee: 84 * 83,
    weekly_discount: 0,
    monthly_discount: 0,
    images: [1, 2, 3, 4, 5, 6].map((n) => `/storage/v1/object/public/listing-photos/scenes/scene-00${n}-800.webp`),
    house_rating: 4.87,
    rating_count: '(18)',
    guest_favorite: '',
    filter: 'Beach',
    country: 'Portugal',
    city: 'Lisbon',
    house_description: 'A bright cottage above the sea.',
    guest_count: '4 guests',
    bedroom_count: '2 bedrooms',
    bed_count: '2 beds',
    bathroom_count: '1 bath',
    host_name: 'Inês',
    host_image: null,
    host_description: 'I love hosting.',
    sleep_bed_1_link: null,
    sleep_bed_2_link: null,
    house_location: 'Lisbon, Portugal',
    location_description: 'Close to the tram.',
    lat: 38.72,
    lng: -9.14,
    max_guests: 4,
    ...overrides,
  };
}

/** A listing_facts() answer for component tests: by default the seed catalogue's (the spec's texts). */
export function testFacts(overrides: Partial<ListingFactsRead> = {}): ListingFactsRead {
  return {
    amenities: ['kitchen', 'wifi', 'free_street_parking', 'private_hot_tub', 'tv', 'lift', 'air_conditioning'],
    check_in_from: '14:00',
    check_in_until: '21:00',
    checkout_before: '12:00',
    pets_allowed: true,
    smoking_allowed: null,
    parties_allowed: null,
    check_in_method: 'keypad',
    location_five_star_percent: 95,
    host: { hosting_since: '2020-05-01', reviews: 1607, rating: 4.34, response_rate: 100, response_time: 'within an hour' },
    ...overrides,
  };
}
