import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'shared/router';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createAppStore } from 'shared/store';
import type { RuntimeConfig } from 'shared/config';
import { Landing } from './Landing';

function renderLanding() {
  const store = createAppStore({ extra: { supabase: async () => ({}) as SupabaseClient, config: {} as RuntimeConfig }, tabSync: false });
  render(
    <Provider store={store}>
      <MemoryRouter>
        <Landing />
      </MemoryRouter>
    </Provider>,
  );
}

const slide = (n: number) => screen.getByRole('group', { name: `${n} of 5` });

describe('Landing', () => {
  it('has the title, Go to home, Explore Now to /home and the four value points', () => {
    renderLanding();
    expect(screen.getByRole('heading', { level: 1, name: 'Homes that have a story' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/home');
    for (const link of screen.getAllByRole('link', { name: 'Explore Now' })) expect(link).toHaveAttribute('href', '/home');
    for (const title of ['Authentic stays', 'Human hosts', 'Secure booking', 'Global access']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
  });

  it('moves the carousel every 5 s, and not while paused', () => {
    vi.useFakeTimers();
    try {
      renderLanding();
      expect(slide(1)).toHaveAttribute('aria-hidden', 'false');
      act(() => {
        vi.advanceTimersByTime(4999);
      });
      expect(slide(1)).toHaveAttribute('aria-hidden', 'false');
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(slide(2)).toHaveAttribute('aria-hidden', 'false');
      act(() => screen.getByRole('button', { name: 'Pause slideshow' }).click());
      act(() => {
        vi.advanceTimersByTime(15000);
      });
      expect(slide(2)).toHaveAttribute('aria-hidden', 'false');
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens one FAQ answer at a time', async () => {
    renderLanding();
    const verified = screen.getByRole('button', { name: 'Are the listings verified?' });
    const chat = screen.getByRole('button', { name: 'Can I talk to my host?' });
    await userEvent.click(verified);
    expect(verified).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Are the listings verified?' })).toHaveTextContent('verified manually');
    await userEvent.click(chat);
    expect(verified).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('region', { name: 'Can I talk to my host?' })).toHaveTextContent('before you book');
  });
});
