import { NO_GUESTS } from 'shared/rules';
import { DATES_UNAVAILABLE_TEXT, stayProblem } from './stayProblem';

const booked = [{ start: '2030-06-10', end: '2030-06-13' }];
const two = { ...NO_GUESTS, adults: 2 };
const today = '2030-06-01';

describe('stayProblem', () => {
  it('accepts free nights within the capacity', () => {
    expect(stayProblem({ start: '2030-06-05', end: '2030-06-10' }, booked, today, two, 4)).toBeNull();
    expect(stayProblem({ start: '2030-06-13', end: '2030-06-15' }, booked, today, two, 4)).toBeNull();
  });

  it('refuses a stay over a booked night or starting in the past', () => {
    expect(stayProblem({ start: '2030-06-05', end: '2030-06-11' }, booked, today, two, 4)).toBe(DATES_UNAVAILABLE_TEXT);
    expect(stayProblem({ start: '2030-06-12', end: '2030-06-14' }, booked, today, two, 4)).toBe(DATES_UNAVAILABLE_TEXT);
    expect(stayProblem({ start: '2030-05-30', end: '2030-06-02' }, booked, today, two, 4)).toBe(DATES_UNAVAILABLE_TEXT);
  });

  it('refuses more adults and children than the listing sleeps, infants aside', () => {
    const party = { adults: 3, children: 2, infants: 2, pets: 0 };
    expect(stayProblem({ start: null, end: null }, [], today, party, 4)).toBe('This place has a maximum of 4 guests');
    expect(stayProblem({ start: null, end: null }, [], today, party, 5)).toBeNull();
  });
});
