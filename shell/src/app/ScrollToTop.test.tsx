import { render, act } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Outlet } from 'shared/router';
import { ScrollToTop } from './ScrollToTop';

function renderRoutes() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <ScrollToTop />
            <Outlet />
          </>
        ),
        children: [
          { path: '/house/:id', element: <p>listing</p> },
          { path: '/:id/book', element: <p>booking</p> },
        ],
      },
    ],
    { initialEntries: ['/house/7'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('ScrollToTop', () => {
  const scrollTo = vi.fn();
  beforeEach(() => {
    scrollTo.mockClear();
    window.scrollTo = scrollTo as typeof window.scrollTo;
  });

  it('a new path starts at the top of the page', async () => {
    const router = renderRoutes();
    scrollTo.mockClear();
    await act(() => router.navigate('/7/book'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('back and forward leave the position to the browser', async () => {
    const router = renderRoutes();
    await act(() => router.navigate('/7/book'));
    scrollTo.mockClear();
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/house/7');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('a change of the query alone keeps the position', async () => {
    const router = renderRoutes();
    scrollTo.mockClear();
    await act(() => router.navigate('/house/7?adults=2'));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
