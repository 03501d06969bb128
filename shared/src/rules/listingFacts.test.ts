import { checkInText, formatHour, hostingDurationText, houseRules, NO_FACTS, shownAmenities } from './listingFacts';

describe('listing facts', () => {
  it.each([
    ['00:00', '12:00 am'],
    ['09:00', '9:00 am'],
    ['12:00', '12:00 pm'],
    ['14:00', '2:00 pm'],
    ['23:00', '11:00 pm'],
  ])('%s reads %s', (hour, text) => {
    expect(formatHour(hour)).toBe(text);
  });

  it("the spec's house rules come from the catalogue's data", () => {
    const facts = { ...NO_FACTS, check_in_from: '14:00', check_in_until: '21:00', checkout_before: '12:00' };
    expect(houseRules(facts, 10)).toEqual(['Check-in: 2:00 pm - 9:00 pm', '10 guests maximum', 'Checkout before 12:00 pm']);
  });

  it('an unset rule is left out; the guest maximum is always the capacity', () => {
    expect(houseRules(NO_FACTS, 1)).toEqual(['1 guest maximum']);
    expect(houseRules({ ...NO_FACTS, pets_allowed: false, smoking_allowed: true, parties_allowed: false }, 3)).toEqual([
      '3 guests maximum',
      'No pets',
      'Smoking allowed',
      'No parties or events',
    ]);
    expect(checkInText({ check_in_from: '15:00', check_in_until: null })).toBe('Check-in after 3:00 pm');
  });

  it("the spec's amenities in its order, pets from the house rules, the missing alarms struck through", () => {
    const shown = shownAmenities({
      amenities: ['air_conditioning', 'lift', 'tv', 'private_hot_tub', 'free_street_parking', 'wifi', 'kitchen'],
      pets_allowed: true,
    });
    expect(shown.filter((a) => a.available).map((a) => a.name)).toEqual([
      'Kitchen', 'WiFi', 'Free on-street parking', 'Private hot tub', 'Pets allowed', 'TV', 'Lift', 'Air conditioning',
    ]);
    expect(shown.filter((a) => !a.available).map((a) => a.name)).toEqual(['Carbon monoxide alarm', 'Smoke alarm']);
    expect(shownAmenities({ amenities: ['smoke_alarm'], pets_allowed: false })).toEqual([
      { name: 'Smoke alarm', available: true },
      { name: 'Carbon monoxide alarm', available: false },
    ]);
  });

  it.each([
    [null, '2026-11-26', null],
    ['2026-11-26', '2026-11-26', null],
    ['2026-10-27', '2026-11-26', null],
    ['2026-10-26', '2026-11-26', '1 month hosting'],
    ['2026-01-10', '2026-11-26', '10 months hosting'],
    ['2025-11-26', '2026-11-26', '1 year hosting'],
    ['2020-05-26', '2026-11-26', '6 years hosting'],
  ])('hosting since %s on %s: %s', (since, today, text) => {
    expect(hostingDurationText(since, today)).toBe(text);
  });
});
