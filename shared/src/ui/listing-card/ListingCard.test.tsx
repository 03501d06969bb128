import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'shared/router';
import { ConfigProvider } from 'shared/config';
import { testConfig as config, TEST_SUPABASE_URL } from 'shared/testing';
import { ListingCard, type ListingCardProps, type ListingCardRoom } from './ListingCard';

const photo = (n: number) => `/storage/v1/object/public/listing-photos/scenes/scene-00${n}-800.webp`;

const room: ListingCardRoom = {
  id: 7,
  'house-title': 'Cliffside cabin',
  city: 'Kyoto',
  country: 'Japan',
  nightly_usd: 100,
  images: [photo(1), photo(2), photo(3)],
  house_rating: 4.85,
  guest_favorite: 'Guest favourite',
};

function renderCard(props: Partial<ListingCardProps> = {}) {
  const onToggleFavourite = vi.fn();
  render(
    <ConfigProvider config={config}>
      <MemoryRouter>
        <ListingCard room={room} isFavourite={false} onToggleFavourite={onToggleFavourite} {...props} />
      </MemoryRouter>
    </ConfigProvider>,
  );
  return { onToggleFavourite };
}

describe('ListingCard', () => {
  it('shows the place, its dates and nightly dollar price, and no distance without a searched place', () => {
    renderCard({ datesText: '16-21 May' });
    expect(screen.getByRole('link', { name: 'Kyoto, Japan' })).toHaveAttribute('href', '/house/7');
    expect(screen.queryByText(/kilometers away/)).not.toBeInTheDocument();
    expect(screen.getByText('16-21 May')).toBeInTheDocument();
    expect(screen.getByText('$100').parentElement).toHaveTextContent('$100 night');
  });

  it('shows its distance from the searched place when given one', () => {
    renderCard({ distanceKm: 12.4 });
    expect(screen.getByText('12 kilometers away')).toBeInTheDocument();
  });

  it('shows the rating and star only above 2, and the Guest favourite badge', () => {
    renderCard();
    expect(screen.getByLabelText('Rated 4.85 out of 5')).toHaveTextContent('4.85');
    expect(screen.getByText('Guest favourite')).toBeInTheDocument();
  });

  it('hides the rating at 2 or below and the badge for other values', () => {
    renderCard({ room: { ...room, house_rating: 2, guest_favorite: '' } });
    expect(screen.queryByLabelText(/Rated/)).not.toBeInTheDocument();
    expect(screen.queryByText('Guest favourite')).not.toBeInTheDocument();
  });

  it('loads the first photo with a 400w/800w srcset and fixed size; lazy unless priority', () => {
    renderCard();
    const img = screen.getByRole('img', { name: 'Cliffside cabin' });
    expect(img).toHaveAttribute('src', `${TEST_SUPABASE_URL}${photo(1)}`);
    expect(img.getAttribute('srcset')).toBe(
      `${TEST_SUPABASE_URL}${photo(1).replace('-800', '-400')} 400w, ${TEST_SUPABASE_URL}${photo(1)} 800w`,
    );
    expect(img).toHaveAttribute('width', '800');
    expect(img).toHaveAttribute('height', '760');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('a priority card loads its first photo eagerly', () => {
    renderCard({ priority: true });
    expect(screen.getByRole('img', { name: 'Cliffside cabin' })).toHaveAttribute('loading', 'eager');
  });

  it('loads the extra photos on hover above 550px only', async () => {
    window.innerWidth = 500;
    renderCard();
    const card = screen.getByRole('article');
    await userEvent.hover(card);
    expect(card.querySelectorAll('img')).toHaveLength(1);
    await userEvent.unhover(card);
    window.innerWidth = 1024;
    await userEvent.hover(card);
    expect(card.querySelectorAll('img')).toHaveLength(3);
  });

  it('the carousel knows its start and end', async () => {
    renderCard();
    expect(screen.queryByRole('button', { name: 'Previous photo' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByRole('button', { name: 'Previous photo' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(screen.getByRole('button', { name: 'Next photo' })).toBeInTheDocument();
  });

  it('the heart names its action and reports the room id', async () => {
    const { onToggleFavourite } = renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect(onToggleFavourite).toHaveBeenCalledWith(7);
  });

  it('signed out, the heart links to the login page and, once the scripts run, calls the toggle', async () => {
    const { onToggleFavourite } = renderCard({ signInHref: '/login?next=%2Fhome' });
    const heart = screen.getByRole('link', { name: 'Add to wishlist' });
    expect(heart).toHaveAttribute('href', '/login?next=%2Fhome');
    await userEvent.click(heart);
    expect(onToggleFavourite).toHaveBeenCalledWith(7);
  });

  it('a saved room offers Remove from wishlist', () => {
    renderCard({ isFavourite: true });
    expect(screen.getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens in a new tab when asked (the wishlist)', () => {
    renderCard({ openInNewTab: true });
    expect(screen.getByRole('link', { name: 'Kyoto, Japan' })).toHaveAttribute('target', '_blank');
  });
});
