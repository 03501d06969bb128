import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_GUESTS, GUEST_KINDS, type GuestCounts } from '../rules/guests';
import { GuestCounter } from './GuestCounter';

function Panel({ initial = NO_GUESTS, maxPeople }: { initial?: GuestCounts; maxPeople?: number }) {
  const [counts, setCounts] = useState(initial);
  return (
    <>
      {GUEST_KINDS.map((kind) => (
        <GuestCounter key={kind} kind={kind} counts={counts} onChange={setCounts} maxPeople={maxPeople} />
      ))}
    </>
  );
}

const button = (name: string) => screen.getByRole('button', { name });
const value = (title: string) => screen.getByRole('group', { name: title }).querySelector('[aria-live]')!;

describe('GuestCounter', () => {
  it('shows titles, age lines and zero counts', () => {
    render(<Panel />);
    for (const text of ['Adults', 'Age 13 or above', 'Children', 'Ages 2-12', 'Infants', 'Under 2', 'Pets']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(value('Adults')).toHaveTextContent('0');
  });

  it('adults cannot go below 1: decrease is disabled at 1', async () => {
    render(<Panel />);
    await userEvent.click(button('Increase adults'));
    expect(value('Adults')).toHaveTextContent('1');
    expect(button('Decrease adults')).toBeDisabled();
  });

  it('adding a child, infant or pet with nobody yet also adds one adult', async () => {
    for (const kind of ['children', 'infants', 'pets']) {
      const { unmount } = render(<Panel />);
      await userEvent.click(button(`Increase ${kind}`));
      expect(value('Adults')).toHaveTextContent('1');
      unmount();
    }
  });

  it('adults plus children stop at 16 and adults read 16+', async () => {
    render(<Panel initial={{ adults: 15, children: 0, infants: 0, pets: 0 }} />);
    await userEvent.click(button('Increase adults'));
    expect(value('Adults')).toHaveTextContent('16+');
    expect(button('Increase adults')).toBeDisabled();
    expect(button('Increase children')).toBeDisabled();
  });

  it('infants and pets stop at 5', async () => {
    render(<Panel initial={{ adults: 1, children: 0, infants: 4, pets: 4 }} />);
    await userEvent.click(button('Increase infants'));
    await userEvent.click(button('Increase pets'));
    expect(button('Increase infants')).toBeDisabled();
    expect(button('Increase pets')).toBeDisabled();
    expect(value('Infants')).toHaveTextContent('5');
  });

  it('respects a listing cap on adults plus children', () => {
    render(<Panel initial={{ adults: 2, children: 2, infants: 0, pets: 0 }} maxPeople={4} />);
    expect(button('Increase adults')).toBeDisabled();
    expect(button('Increase children')).toBeDisabled();
    expect(button('Increase infants')).toBeEnabled();
  });

  it('shows a custom subtitle in place of the age line', () => {
    render(<GuestCounter kind="pets" counts={NO_GUESTS} onChange={() => {}} subtitle={<a href="#x">Bringing a service animal?</a>} />);
    expect(screen.getByRole('link', { name: 'Bringing a service animal?' })).toBeInTheDocument();
  });
});
