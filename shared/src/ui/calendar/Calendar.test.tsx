import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_DATES, type DateRange } from '../../rules/dateSelection';
import { Calendar, type CalendarProps } from './Calendar';

const TODAY = '2026-11-21'; // a Saturday

function Harness(props: Partial<CalendarProps> & { initial?: DateRange; onRange?: (r: DateRange) => void }) {
  const { initial = NO_DATES, onRange, ...rest } = props;
  const [range, setRange] = useState<DateRange>(initial);
  return (
    <Calendar
      today={TODAY}
      range={range}
      onChange={({ range: next }) => {
        setRange(next);
        onRange?.(next);
      }}
      {...rest}
    />
  );
}

const day = (name: string) => screen.getByRole('button', { name });

describe('Calendar', () => {
  it('shows two months with weekday headers Sun to Sat', () => {
    render(<Harness />);
    const grids = screen.getAllByRole('grid');
    expect(grids).toHaveLength(2);
    expect(grids[0]).toHaveAccessibleName('November 2026');
    expect(grids[1]).toHaveAccessibleName('December 2026');
    const headers = within(grids[0]!).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  });

  it('shows one month when asked', () => {
    render(<Harness monthsShown={1} />);
    expect(screen.getAllByRole('grid')).toHaveLength(1);
  });

  it('names each day by its full date', () => {
    render(<Harness />);
    expect(day('Saturday, 21 November 2026')).toHaveTextContent('21');
  });

  it('disables past days and ignores clicks on them', async () => {
    const onRange = vi.fn();
    render(<Harness onRange={onRange} />);
    const past = day('Friday, 20 November 2026');
    expect(past).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(past);
    expect(onRange).not.toHaveBeenCalled();
    expect(day('Saturday, 21 November 2026')).not.toHaveAttribute('aria-disabled');
  });

  it('chooses a start, then a later end, and marks them selected', async () => {
    const onRange = vi.fn();
    render(<Harness onRange={onRange} />);
    await userEvent.click(day('Tuesday, 24 November 2026'));
    expect(onRange).toHaveBeenLastCalledWith({ start: '2026-11-24', end: null });
    await userEvent.click(day('Friday, 27 November 2026'));
    expect(onRange).toHaveBeenLastCalledWith({ start: '2026-11-24', end: '2026-11-27' });
    expect(day('Tuesday, 24 November 2026')).toHaveAttribute('aria-pressed', 'true');
    expect(day('Wednesday, 25 November 2026').closest('td')).toHaveAttribute('aria-selected', 'true');
  });

  it('a click before the start restarts the stay there', async () => {
    const onRange = vi.fn();
    render(<Harness onRange={onRange} initial={{ start: '2026-11-26', end: null }} />);
    await userEvent.click(day('Monday, 23 November 2026'));
    expect(onRange).toHaveBeenLastCalledWith({ start: '2026-11-23', end: null });
  });

  it('strikes through and disables given dates and booked stays (end day stays free)', async () => {
    const onRange = vi.fn();
    render(
      <Harness
        onRange={onRange}
        disabledDates={['2026-11-30']}
        bookedRanges={[{ start: '2026-12-02', end: '2026-12-04' }]}
      />,
    );
    for (const name of ['Monday, 30 November 2026', 'Wednesday, 2 December 2026', 'Thursday, 3 December 2026']) {
      expect(day(name)).toHaveAttribute('aria-disabled', 'true');
      expect(day(name)).toHaveClass('struck');
    }
    expect(day('Friday, 4 December 2026')).not.toHaveAttribute('aria-disabled');
    await userEvent.click(day('Wednesday, 2 December 2026'));
    expect(onRange).not.toHaveBeenCalled();
  });

  it("draws a host's stays apart from blocked nights: filled, not struck, named with the guest, not choosable", async () => {
    const onRange = vi.fn();
    render(
      <Harness
        onRange={onRange}
        bookedRanges={[{ start: '2026-12-07', end: '2026-12-08' }]}
        stays={[{ start: '2026-12-02', end: '2026-12-04', guestName: 'Ada' }]}
      />,
    );
    for (const name of ['Wednesday, 2 December 2026, booked by Ada', 'Thursday, 3 December 2026, booked by Ada']) {
      expect(day(name)).toHaveClass('booked');
      expect(day(name)).not.toHaveClass('struck');
      expect(day(name)).toHaveAttribute('aria-disabled', 'true');
    }
    expect(day('Monday, 7 December 2026')).toHaveClass('struck');
    expect(day('Monday, 7 December 2026')).not.toHaveClass('booked');
    expect(day('Friday, 4 December 2026')).not.toHaveAttribute('aria-disabled');
    await userEvent.click(day('Wednesday, 2 December 2026, booked by Ada'));
    expect(onRange).not.toHaveBeenCalled();
  });

  it('strikes through days before the chosen start when asked', () => {
    render(<Harness strikeBeforeStart initial={{ start: '2026-11-25', end: null }} />);
    expect(day('Tuesday, 24 November 2026')).toHaveClass('struck');
    expect(day('Tuesday, 24 November 2026')).toHaveAttribute('aria-disabled', 'true');
    expect(day('Wednesday, 25 November 2026')).not.toHaveAttribute('aria-disabled');
  });

  it('pages forward at most 20 steps and back to the start', async () => {
    render(<Harness />);
    const next = screen.getByRole('button', { name: 'Next month' });
    const previous = screen.getByRole('button', { name: 'Previous month' });
    expect(previous).toBeDisabled();
    // One pointer for all 21 presses, with no pause between them (a fifth less time; `npm test`
    // runs this suite niced on a busy machine).
    const user = userEvent.setup({ delay: null });
    for (let i = 0; i < 20; i += 1) await user.click(next);
    expect(next).toBeDisabled();
    expect(screen.getAllByRole('grid')[0]).toHaveAccessibleName('July 2028');
    await user.click(previous);
    expect(screen.getAllByRole('grid')[0]).toHaveAccessibleName('June 2028');
  });

  it('moves focus with the arrow keys, Home/End and PageDown, and chooses with Enter', async () => {
    const onRange = vi.fn();
    render(<Harness onRange={onRange} />);
    await userEvent.tab(); // Next month (Previous is disabled on the first page)
    await userEvent.tab();
    expect(day('Saturday, 21 November 2026')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(day('Saturday, 28 November 2026')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(day('Sunday, 22 November 2026')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(day('Saturday, 28 November 2026')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(day('Sunday, 29 November 2026')).toHaveFocus();
    await userEvent.keyboard('{PageDown}{PageDown}');
    expect(day('Friday, 29 January 2027')).toHaveFocus();
    expect(screen.getAllByRole('grid')[0]).toHaveAccessibleName('December 2026');
    await userEvent.keyboard('{Enter}');
    expect(onRange).toHaveBeenLastCalledWith({ start: '2027-01-29', end: null });
  });
});
