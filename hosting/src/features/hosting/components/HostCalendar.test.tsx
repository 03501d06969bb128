import { act, screen, within } from '@testing-library/react';
import type { Room } from 'shared/api';
import { NO_FACTS, addDaysToIsoDay, toIsoDay } from 'shared/rules';
import { setUserData } from 'shared/state';
import { renderWithStore, type Read } from 'shared/testing';
import { HostCalendar } from './HostCalendar';

const room = { id: 9, 'house-title': 'Cabin', images: [] } as unknown as Room;
const listing = { room_id: 9, status: 'published', cancellation_policy: 'moderate', currency: 'NOK', local_price: 1200, facts: NO_FACTS, room };
const today = toIsoDay(new Date());
const day = (offset: number) => addDaysToIsoDay(today, offset);
/** A day's name on the calendar, as the Calendar names it. */
const dayName = (iso: string) =>
  new Date(`${iso}T00:00:00`).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).replace(/,? /, ', ');

describe('HostCalendar', () => {
  it("draws booked nights apart from blocked ones, with the guest's name and a link to the reservation", async () => {
    const { store, reads } = renderWithStore(<HostCalendar />, {
      route: '/hosting/:id/calendar',
      path: '/hosting/9/calendar',
      answer: (read: Read) => {
        if (read.rpc === 'my_listings') return { data: [listing] };
        if (read.rpc === 'host_stays') return { data: [{ booking_id: 41, guest_name: 'Ada', start_date: day(2), end_date: day(4) }] };
        if (read.table === 'room_blocked_dates') return { data: [{ id: 3, room_id: 9, start_date: day(6), end_date: day(7) }] };
        return { data: [] };
      },
    });
    act(() => {
      store.dispatch(setUserData({ id: 'h', email: 'host@example.com', name: 'Hana', isAnonymous: false }));
    });

    const booked = await screen.findByRole('list', { name: 'Booked nights' });
    expect(within(booked).getByRole('listitem')).toHaveTextContent('Ada');
    expect(within(booked).getByRole('link', { name: 'View reservation of Ada' })).toHaveAttribute('href', '/hosting#reservation-41');
    expect(await screen.findByRole('list', { name: 'Blocked nights' })).toBeInTheDocument();

    const calendar = screen.getByRole('group', { name: 'Choose nights to block' });
    const night = within(calendar).getByRole('button', { name: `${dayName(day(2))}, booked by Ada` });
    expect(night).toHaveClass('booked');
    expect(night).not.toHaveClass('struck');
    const blockedNight = within(calendar).getByRole('button', { name: dayName(day(6)) });
    expect(blockedNight).toHaveClass('struck');
    expect(reads.filter((read) => read.rpc === 'host_stays').map((read) => read.args)).toEqual([{ p_room_id: 9 }]);
  });
});
