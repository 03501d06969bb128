import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import type { Room } from 'shared/api';
import { ConfigProvider } from 'shared/config';
import { specQuote, testConfig as config, TEST_SUPABASE_URL } from 'shared/testing';
import { PlaceSummary, PlaceSummaryPlaceholder } from './PlaceSummary';

const room = {
  id: 3,
  'house-title': 'Cabin by the lake',
  price: 8250, // ceil(8250 / 83) = 100 USD a night
  nightly_usd: 100,
  images: ['/storage/v1/object/public/listing-photos/a.webp'],
  house_rating: 4.8,
  rating_count: '(18)',
  city: 'Oslo',
  country: 'Norway',
} as Room;

function renderSummary(nights: number) {
  return render(
    <ConfigProvider config={config}>
      <PlaceSummary
        room={room}
        nights={nights}
        quote={nights > 0 ? specQuote(3, '2030-06-01', `2030-06-${String(1 + nights).padStart(2, '0')}`, 8250) : undefined}
      />
    </ConfigProvider>,
  );
}

describe('PlaceSummary', () => {
  it('shows the nightly USD rate x nights, the cleaning fee, the service fee and the total', () => {
    renderSummary(3);
    const rows = screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    // 300 nights, cleaning floor(70% of 100) = 70, service floor(11% of 300) = 33.
    expect(rows).toEqual([
      ['$100 x 3 nights', '$300'],
      ['Cleaning fee', '$70'],
      ['Service fee', '$33'],
      ['Total (USD)', '$403'],
    ]);
  });

  it('names the place with its cover photo, place and rating', () => {
    renderSummary(1);
    expect(screen.getByText('Cabin by the lake')).toBeInTheDocument();
    expect(screen.getByText('Oslo, Norway')).toBeInTheDocument();
    expect(screen.getByText('4.80')).toBeInTheDocument();
    const image = document.querySelector('img');
    expect(image?.getAttribute('src')).toBe(`${TEST_SUPABASE_URL}/storage/v1/object/public/listing-photos/a.webp`);
    expect(within(document.body).getByText('$100 x 1 night')).toBeInTheDocument();
  });

  it('holds the lines while the quote loads', () => {
    render(
      <ConfigProvider config={config}>
        <PlaceSummary room={room} nights={3} />
      </ConfigProvider>,
    );
    expect(screen.getByText('Price details')).toBeInTheDocument();
    expect(screen.queryByText('Total (USD)')).toBeNull();
  });

  it('asks for dates before there is a total', () => {
    renderSummary(0);
    expect(screen.getByText('$100 per night. Add your dates to see the total.')).toBeInTheDocument();
    expect(screen.queryByText('Total (USD)')).toBeNull();
  });
});

describe('PlaceSummaryPlaceholder', () => {
  it('tells assistive technology the place is loading, and adds no heading of its own', () => {
    render(<PlaceSummaryPlaceholder nights={3} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the place…');
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
