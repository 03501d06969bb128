import { VITALS_ROUTES } from 'shared/rules';
import { vitalsRouteOf } from './reportVitals';
import { remoteRoutes } from './routes';

describe('vitalsRouteOf', () => {
  it('names every page of the site by a route the backend takes (VITALS_ROUTES)', () => {
    const pages = ['/', '/comingsoon', ...remoteRoutes.map(({ path }) => path)];
    expect(new Set(pages)).toEqual(new Set(VITALS_ROUTES.filter((route) => route !== 'other')));
  });

  it.each([
    ['/', '/'],
    ['/home', '/home'],
    ['/house/42', '/house/:id'],
    ['/42/book', '/:id/book'],
    ['/trips/HM4X2K9AB', '/trips/:code'],
    ['/hosting/7/edit/photos', '/hosting/:id/edit/:step'],
    ['/hosting/earnings', '/hosting/earnings'],
    ['/messages/3', '/messages/:id'],
    ['/no/such/page', 'other'],
  ])('%s is reported as %s (the pattern, never the ids)', (pathname, route) => {
    expect(vitalsRouteOf(pathname)).toBe(route);
  });
});
