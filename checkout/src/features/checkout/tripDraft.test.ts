import { draftStorageKey, initialTrip, isTripComplete, readTripDraft, tripGuestLabel, writeTripDraft, type Trip } from './tripDraft';

const trip = (start: string | null, end: string | null, adults = 2, children = 0): Trip => ({
  range: { start, end },
  guests: { adults, children, infants: 0, pets: 0 },
});

describe('trip draft', () => {
  beforeEach(() => localStorage.clear());

  it('is kept per room id and read back', () => {
    writeTripDraft(localStorage, 7, trip('2030-01-02', '2030-01-05'));
    expect(readTripDraft(localStorage, 7)).toEqual(trip('2030-01-02', '2030-01-05'));
    expect(readTripDraft(localStorage, 8)).toBeNull();
  });

  it('ignores a draft that is not one', () => {
    localStorage.setItem(draftStorageKey(7), '{"range":{},"guests":{"adults":"2"}}');
    expect(readTripDraft(localStorage, 7)).toBeNull();
    localStorage.setItem(draftStorageKey(7), 'not json');
    expect(readTripDraft(localStorage, 7)).toBeNull();
  });

  it('starts from the stay just chosen, else from the draft', () => {
    const chosen = trip('2030-03-01', '2030-03-04', 1);
    const draft = trip('2030-01-02', '2030-01-05');
    expect(initialTrip(draft, chosen, '2029-12-01')).toEqual(chosen);
    expect(initialTrip(draft, trip('2030-03-01', null), '2029-12-01')).toEqual(draft);
    expect(initialTrip(null, chosen, '2029-12-01')).toEqual(chosen);
  });

  it('drops dates already past and books at least one adult', () => {
    expect(initialTrip(trip('2030-01-02', '2030-01-05', 0), trip(null, null), '2030-02-01')).toEqual(trip(null, null, 1));
  });

  it('is complete with both dates, at least one night and a guest', () => {
    expect(isTripComplete(trip('2030-01-02', '2030-01-05'))).toBe(true);
    expect(isTripComplete(trip('2030-01-02', null))).toBe(false);
    expect(isTripComplete(trip('2030-01-02', '2030-01-02'))).toBe(false);
    expect(isTripComplete(trip('2030-01-02', '2030-01-05', 0, 0))).toBe(false);
  });

  it("reads '1 guest' when nobody is counted", () => {
    expect(tripGuestLabel(trip(null, null, 0))).toBe('1 guest');
    expect(tripGuestLabel(trip(null, null, 2, 1))).toBe('3 guests');
  });
});
