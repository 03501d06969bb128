import { render, screen } from '@testing-library/react';
import { NO_FACTS } from 'shared/rules';
import { ThingsToKnow } from './ThingsToKnow';

describe('ThingsToKnow', () => {
  it.each([
    [3, '3 guests maximum'],
    [1, '1 guest maximum'],
  ])("the house rules state the listing's own capacity (%d)", (maxGuests, line) => {
    render(<ThingsToKnow facts={NO_FACTS} maxGuests={maxGuests} />);
    expect(screen.getByText(line)).toBeInTheDocument();
    expect(screen.queryByText('10 guests maximum')).not.toBeInTheDocument();
  });

  it.each([
    ['flexible', 'Cancel any time before check-in for a full refund.'],
    ['strict', 'Cancel within 48 hours of booking for a full refund. After that, the reservation is non-refundable.'],
  ] as const)('the spec’s free cancellation line stays, followed by the %s policy’s terms', (policy, terms) => {
    render(<ThingsToKnow facts={NO_FACTS} maxGuests={2} policy={policy} />);
    const lines = screen.getByRole('heading', { name: 'Cancellation policy' }).nextElementSibling!.querySelectorAll('li');
    expect([...lines].map((li) => li.textContent)).toEqual(['Free cancellation for 48 hours', terms]);
  });
});
