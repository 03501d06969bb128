import { stayStateOf } from './stayState';

const TODAY = '2026-12-10';
const stay = (start_date: string | null, end_date: string | null, stay_cancelled: boolean | null) => ({ start_date, end_date, stay_cancelled });

describe('stayStateOf', () => {
  it.each([
    ['a stay to come', stay('2026-12-20', '2026-12-23', false), 'UPCOMING', 'Upcoming'],
    ['a stay under way, its last day included', stay('2026-12-08', '2026-12-10', false), 'CURRENT', 'Current'],
    ['a stay over', stay('2026-12-01', '2026-12-09', false), 'PAST', 'Past'],
    ['a cancelled stay, whatever its dates', stay('2026-12-20', '2026-12-23', true), 'CANCELLED', 'Cancelled'],
  ])('%s is %s, as the trips page says', (_name, conversation, status, label) => {
    expect(stayStateOf(conversation, TODAY)).toEqual({ status, label });
  });

  it('an inquiry has no stay', () => {
    expect(stayStateOf(stay(null, null, null), TODAY)).toBeNull();
  });
});
