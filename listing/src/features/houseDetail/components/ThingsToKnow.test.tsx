import { render, screen } from '@testing-library/react';
import { ThingsToKnow } from './ThingsToKnow';

describe('ThingsToKnow', () => {
  it.each([
    [3, '3 guests maximum'],
    [1, '1 guest maximum'],
  ])("the house rules state the listing's own capacity (%d)", (maxGuests, line) => {
    render(<ThingsToKnow maxGuests={maxGuests} />);
    expect(screen.getByText(line)).toBeInTheDocument();
    expect(screen.queryByText('10 guests maximum')).not.toBeInTheDocument();
  });
});
