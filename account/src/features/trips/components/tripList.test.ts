import type { Room } from 'shared/api';
import { buildTrips } from './tripList';

const room = (id: number) => ({ id, 'house-title': `Home ${id}`, city: 'Goa', country: 'India', images: [] }) as unknown as Room;

describe('buildTrips', () => {
  it('makes cards of payments and their rooms with the reservation code and their state: requested, under way and to come first, then over, cancelled or refused', () => {
    const trips = buildTrips(
      [
        { id: 'PAST1-x-y', startDate: '2026-01-02', endDate: '2026-01-05', Guest: 'Ada', cancelled_at: null, booking_id: null, state: null, room: room(1) },
        { id: 'LATER-abc', startDate: '2027-03-01', endDate: '2027-03-04', Guest: 'Ada', cancelled_at: null, booking_id: null, state: null, room: room(2) },
        { id: 'NOW-1', startDate: '2026-11-20', endDate: '2026-11-21', Guest: null, cancelled_at: null, booking_id: null, state: null, room: room(1) },
        { id: 'SOON-1', startDate: '2026-11-25', endDate: '2026-11-27', Guest: null, cancelled_at: null, booking_id: null, state: null, room: room(3) },
        { id: 'OFF-1', startDate: '2026-12-01', endDate: '2026-12-03', Guest: null, cancelled_at: '2026-11-01T10:00:00Z', booking_id: null, state: null, room: room(2) },
        { id: 'ASKED-1', startDate: '2027-02-01', endDate: '2027-02-03', Guest: null, cancelled_at: null, booking_id: 7, state: { status: 'requested', request_expires_at: '2026-11-22T09:00:00Z' }, room: room(4) },
        { id: 'NO-1', startDate: '2027-02-05', endDate: '2027-02-07', Guest: null, cancelled_at: null, booking_id: 8, state: { status: 'declined', request_expires_at: null }, room: room(4) },
        { id: 'HIDDEN-1', startDate: '2027-01-01', endDate: '2027-01-02', Guest: 'x', cancelled_at: null, booking_id: null, state: null, room: null },
      ],
      '2026-11-21',
    );
    expect(trips.map((trip) => [trip.code, trip.status, trip.room.id])).toEqual([
      ['NOW', 'CURRENT', 1],
      ['SOON', 'UPCOMING', 3],
      ['ASKED', 'REQUESTED', 4],
      ['LATER', 'UPCOMING', 2],
      ['NO', 'DECLINED', 4],
      ['OFF', 'CANCELLED', 2],
      ['PAST1', 'PAST', 1],
    ]);
  });
});
