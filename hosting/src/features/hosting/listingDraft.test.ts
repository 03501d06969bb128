import type { Room } from 'shared/api';
import { NO_FACTS } from 'shared/rules';
import { STEPS, currencyOf, editPath, guestNightlyUsd, fieldsOf, fieldsOfStep, isStep, missingFor, nextStep, photosDropped, previousStep } from './listingDraft';
import { MAX_PHOTO_BYTES, photoProblem } from './photoUpload';

const room = {
  id: 9,
  'house-title': 'Cabin',
  house_description: 'Warm.',
  filter: 'Arctic',
  city: 'Longyearbyen',
  country: 'Svalbard & Jan Mayen',
  house_location: 'Vei 228',
  lat: 78.2,
  lng: 15.6,
  price: 8300,
  max_guests: 3,
  bedroom_count: '0 bedrooms',
  bed_count: '2 beds',
  bathroom_count: '1 bathroom',
  images: ['/a-800.webp'],
} as unknown as Room;

describe('listing draft', () => {
  it('walks the steps in the issue’s order, the step in the URL', () => {
    expect(STEPS).toEqual(['category', 'location', 'photos', 'description', 'capacity', 'amenities', 'rules', 'price', 'cancellation', 'publish']);
    expect(nextStep('capacity')).toBe('amenities');
    expect(nextStep('rules')).toBe('price');
    expect(nextStep('price')).toBe('cancellation');
    expect(nextStep('cancellation')).toBe('publish');
    expect(nextStep('publish')).toBeNull();
    expect(previousStep('category')).toBeNull();
    expect(isStep('photos')).toBe(true);
    expect(isStep('../admin')).toBe(false);
    expect(editPath(9, 'photos')).toBe('/hosting/9/edit/photos');
  });

  it('reads the form from a row, counts from their texts', () => {
    expect(fieldsOf(room, 'moderate', { currency: 'NOK', local_price: 1200 })).toMatchObject({
      category: 'Arctic', guests: 3, bedrooms: 0, beds: 2, baths: 1, price: 1200, currency: 'NOK', address: 'Vei 228',
    });
    expect(fieldsOf(null)).toMatchObject({ category: '', guests: 1, price: 0, currency: '', images: [], cancellation_policy: 'moderate' });
    expect(fieldsOf(room, 'strict').cancellation_policy).toBe('strict');
  });

  it('saves only the step’s fields, and no coordinates before the place is found', () => {
    const empty = fieldsOf(null);
    expect(fieldsOfStep('location', { ...empty, city: 'Oslo' })).toEqual({ address: '', city: 'Oslo', country: '' });
    expect(fieldsOfStep('capacity', fieldsOf(room))).toEqual({ guests: 3, bedrooms: 0, beds: 2, baths: 1 });
    const noFees = { cleaning_fee: 0, weekly_discount: 0, monthly_discount: 0 };
    expect(fieldsOfStep('price', empty)).toEqual(noFees);
    expect(fieldsOfStep('price', { ...empty, price: 120 })).toEqual({ price: 120, ...noFees });
    expect(fieldsOfStep('price', { ...empty, price: 120, currency: 'EUR', cleaning_fee: 40, weekly_discount: 10 })).toEqual({
      price: 120,
      currency: 'EUR',
      cleaning_fee: 40,
      weekly_discount: 10,
      monthly_discount: 0,
    });
    expect(fieldsOfStep('publish', fieldsOf(room))).toEqual({});
    expect(fieldsOfStep('cancellation', fieldsOf(room, 'flexible'))).toEqual({ cancellation_policy: 'flexible' });
    const facts = { ...NO_FACTS, amenities: ['wifi' as const], check_in_from: '15:00', pets_allowed: false };
    const withFacts = fieldsOf(room, 'moderate', undefined, facts);
    expect(fieldsOfStep('amenities', withFacts)).toEqual({ amenities: ['wifi'] });
    expect(fieldsOfStep('rules', withFacts)).toEqual({
      check_in_from: '15:00', check_in_until: null, checkout_before: null, check_in_method: null,
      pets_allowed: false, smoking_allowed: null, parties_allowed: null,
    });
  });

  it('names the photos a saved list no longer shows, once each', () => {
    expect(photosDropped(['/a', '/b', '/c', '/b'], ['/c', '/a'])).toEqual(['/b']);
    expect(photosDropped([], ['/a'])).toEqual([]);
  });

  it('names the steps a published place still needs', () => {
    expect(missingFor(fieldsOf(room, 'moderate', { currency: 'NOK', local_price: 1200 }))).toEqual([]);
    expect(missingFor(fieldsOf(null))).toEqual(['category', 'location', 'photos', 'description', 'price']);
  });

  it('prices in the chosen currency, else the country’s, and shows what guests pay as save_listing computes it', () => {
    const currencies = { perUsd: { USD: 1, EUR: 0.9234, JPY: 149.87 }, byCountry: { Portugal: 'EUR', Japan: 'JPY' } };
    const lisbon = { ...fieldsOf(null), country: 'Portugal', price: 120 };
    expect(currencyOf(lisbon, currencies)).toBe('EUR');
    expect(guestNightlyUsd(lisbon, currencies)).toBe(130);
    expect(guestNightlyUsd({ ...lisbon, currency: 'JPY', price: 15_000 }, currencies)).toBe(101);
    expect(currencyOf({ ...lisbon, country: 'Atlantis' }, currencies)).toBe('USD');
    expect(guestNightlyUsd({ ...lisbon, price: 12.5 }, currencies)).toBeNull();
    expect(guestNightlyUsd({ ...lisbon, currency: 'USD', price: 100_001 }, currencies)).toBeNull();
    expect(guestNightlyUsd(lisbon, undefined)).toBeUndefined();
  });

  it('checks a photo’s type and size before uploading it', () => {
    expect(photoProblem({ name: 'a.jpg', type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(photoProblem({ name: 'a.svg', type: 'image/svg+xml', size: 1000 })).toMatch(/not a JPEG/);
    expect(photoProblem({ name: 'b.png', type: 'image/png', size: MAX_PHOTO_BYTES + 1 })).toMatch(/larger than 10 MB/);
  });
});
