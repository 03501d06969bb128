import { act, screen } from '@testing-library/react';
import { setUserData } from 'shared/state';
import { renderWithStore } from 'shared/testing';
import { useRedirectWhenSignedOut } from './useRedirectWhenSignedOut';

function Page() {
  useRedirectWhenSignedOut('/login', 1000);
  return <p>Trips</p>;
}

describe('useRedirectWhenSignedOut', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends a signed-out visitor away after 1 s, not before', () => {
    renderWithStore(<Page />, { path: '/trips' });
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/trips');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('keeps a user whose session arrives within the second', () => {
    const { store } = renderWithStore(<Page />, { path: '/trips' });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    act(() => {
      store.dispatch(setUserData({ id: 'u', email: 'a@b.c', name: 'A', isAnonymous: false }));
    });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/trips');
  });
});
