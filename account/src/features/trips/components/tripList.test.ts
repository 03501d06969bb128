import type { Room } from 'shared/api';
import { buildTrips } from './tripList';

const room = (id: number) => ({ id, 'house-title': `Home ${id}`, city: 'Goa', country: 'India', images: [] }) as unknown as Room;

describe('buildTrips', () => {
  it('makes cards of payments and their rooms with the reservation code, upcoming first and past stays marked PAST', () => {
    const trips = buildTrips(
      [
        { id: 'PAST1-x-y', startDate: '2026-01-02', endDate: '2026-01-05', Guest: 'Ada', room: room(1) },
        { id: 'LATER-abc', startDate: '2027-03-01', endDate: '2027-03-04', Guest: 'Ada', room: room(2) },
        { id: 'SOON-1', startDate: '2026-11-20', endDate: '2026-11-21', Guest: null, room: room(1) },
        { id: 'HIDDEN-1', startDate: '2027-01-01', endDate: '2027-01-02', Guest: 'x', room: null },
      ],
      '2026-11-21',
    );
    expect(trips.map((trip) => [trip.code, trip.status, trip.room.id])).toEqual([
      ['SOON', 'UPCOMING', 1],
      ['LATER', 'UPCOMING', 2],
      ['PAST1', 'PAST', 1],
    ]);
  });
});
