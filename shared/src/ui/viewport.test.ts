import { matchesWidth } from './viewport';

describe('media queries a server can answer', () => {
  it.each([
    ['(max-width: 743px)', 375, true],
    ['(max-width: 743px)', 1280, false],
    ['(min-width: 744px)', 744, true],
    ['(min-width: 744px)', 743, false],
    ['(min-width: 744px) and (max-width: 1127px)', 900, true],
    ['(min-width: 744px) and (max-width: 1127px)', 1280, false],
    ['(min-width: 950.5px)', 951, true],
  ])('%s at %ipx: %s', (query, width, expected) => {
    expect(matchesWidth(query, width)).toBe(expected);
  });

  it('answers no to what a width cannot tell', () => {
    expect(matchesWidth('(prefers-reduced-motion: reduce)', 375)).toBe(false);
    expect(matchesWidth('(orientation: portrait)', 375)).toBe(false);
  });
});
