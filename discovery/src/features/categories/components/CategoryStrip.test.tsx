import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATEGORIES } from 'shared/rules';
import { renderWithStore } from 'shared/testing';
import { HomeSearch } from '../../../test/HomeSearch';
import { CategoryStrip } from './CategoryStrip';

afterEach(() => vi.restoreAllMocks());

describe('CategoryStrip', () => {
  it('shows 28 skeletons while the category read is loading', () => {
    renderWithStore(<CategoryStrip />, { path: '/home', answer: () => new Promise(() => {}) });
    expect(screen.getAllByTestId('category-skeleton')).toHaveLength(28);
  });

  it('shows every category with its icon, a link to /home with it; choosing one selects it', async () => {
    renderWithStore(
      <HomeSearch>
        <CategoryStrip />
      </HomeSearch>,
      { path: '/home', answer: () => ({ data: [{ id: 1, filter: 'Beach' }], count: 1 }) },
    );
    const beach = await screen.findByRole('link', { name: 'Beach' });
    expect(screen.getAllByRole('link', { current: false }).length).toBeGreaterThanOrEqual(CATEGORIES.length - 1);
    expect(beach.querySelector('svg')).not.toBeNull();
    expect(beach).toHaveAttribute('href', '/home?category=Beach');
    await userEvent.click(beach);
    expect(beach).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent('/home?category=Beach');
  });

  it('reads the category field with an exact count, one page of 2000', async () => {
    const { reads } = renderWithStore(<CategoryStrip />, { path: '/home' });
    await screen.findByRole('link', { name: 'Beach' });
    expect(reads[0]).toMatchObject({ table: 'Rooms', columns: 'id,filter', range: [0, 1999] });
  });

  it('a search that found nothing shows no strip, not an empty band', async () => {
    const { reads } = renderWithStore(<CategoryStrip />, { path: '/home?where=Atlantisxyz', answer: () => ({ data: [], count: 0 }) });
    await vi.waitFor(() => expect(reads.some((read) => read.rpc === 'search_rooms')).toBe(true));
    await vi.waitFor(() => expect(screen.queryByTestId('category-skeleton')).toBeNull());
    expect(screen.queryByRole('navigation', { name: 'Categories' })).toBeNull();
  });

  it('during a search offers only the categories the search found', async () => {
    const { reads } = renderWithStore(<CategoryStrip />, {
      path: '/home?where=Paris',
      answer: () => ({ data: [{ id: 3, filter: 'Castles' }], count: 1 }),
    });
    expect(await screen.findByRole('link', { name: 'Castles' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Beach' })).not.toBeInTheDocument();
    expect(reads.at(-1)).toMatchObject({ rpc: 'search_rooms', args: { search_text: 'paris' } });
  });

  it('shows arrows when there are more than 8; one click scrolls seven items', async () => {
    const widths = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(4000);
    const client = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    const scrollBy = vi.fn();
    HTMLElement.prototype.scrollBy = scrollBy;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width: 80 } as DOMRect);
    renderWithStore(<CategoryStrip />, { path: '/home' });
    await screen.findByRole('link', { name: 'Beach' });
    expect(screen.queryByRole('button', { name: 'Previous categories' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next categories' }));
    // Seven item widths (jsdom applies no stylesheet, so the gap is 0 here).
    expect(scrollBy).toHaveBeenCalledWith({ left: 7 * 80, behavior: 'smooth' });
    widths.mockRestore();
    client.mockRestore();
  });
});
