import type { BookingState } from 'shared/rules';
import { stayStateOf } from './stayState';

const TODAY = '2026-12-10';
const stay = (start_date: string | null, end_date: string | null, stay_state: BookingState | null) => ({ start_date, end_date, stay_state });

describe('stayStateOf', () => {
  it.each([
    ['a stay to come', stay('2026-12-20', '2026-12-23', 'confirmed'), 'UPCOMING', 'Upcoming'],
    ['a stay under way, its last day included', stay('2026-12-08', '2026-12-10', 'confirmed'), 'CURRENT', 'Current'],
    ['a stay over', stay('2026-12-01', '2026-12-09', 'completed'), 'PAST', 'Past'],
    ['a cancelled stay, whatever its dates', stay('2026-12-20', '2026-12-23', 'cancelled'), 'CANCELLED', 'Cancelled'],
    ['a request the host has not answered', stay('2026-12-20', '2026-12-23', 'requested'), 'REQUESTED', 'Requested'],
    ['a request the host declined', stay('2026-12-20', '2026-12-23', 'declined'), 'DECLINED', 'Declined'],
  ])('%s is %s, as the trips page says', (_name, conversation, status, label) => {
    expect(stayStateOf(conversation, TODAY)).toEqual({ status, label });
  });

  it('an inquiry has no stay', () => {
    expect(stayStateOf(stay(null, null, null), TODAY)).toBeNull();
  });
});
