import { matchPath } from 'shared/router';
import { headerShowsCategories, headerShowsSearch, isKnownPage, leadsSignedOutToLogin, remoteModulesOf, remotePageOf, remoteRouteOf, remoteRoutes } from './routes';

describe('routes', () => {
  it.each([
    ['/home', 'discovery/Home'],
    ['/house/42', 'listing/HouseDetail'],
    ['/42/book', 'checkout/BookingPage'],
    ['/wishlist', 'account/Wishlist'],
    ['/trips', 'account/Trips'],
    ['/trips/HM4X2K9AB', 'account/Trip'],
    ['/login', 'account/LoginPage'],
    ['/account-settings', 'account/AccountSettings'],
    ['/lp', 'account/PersonalInfo'],
    ['/hosting', 'hosting/Hosting'],
    ['/hosting/new', 'hosting/ListingEditor'],
    ['/hosting/7/edit/photos', 'hosting/ListingEditor'],
    ['/hosting/7/calendar', 'hosting/HostCalendar'],
    ['/hosting/earnings', 'hosting/Earnings'],
  ])('%s is rendered by %s', (pathname, id) => {
    const matches = remoteRoutes.filter((route) => matchPath(route.path, pathname));
    expect(matches.map((route) => route.id)).toEqual([id]);
    expect(remotePageOf(pathname)).toBe(id);
    expect(isKnownPage(pathname)).toBe(true);
  });

  it.each(['/', '/comingsoon'])('%s is a page of the shell', (pathname) => {
    expect(isKnownPage(pathname)).toBe(true);
  });

  it.each(['/no/such/page', '/house', '/house/1/2', '/book', '/index.html'])('%s is no page (the server answers 404)', (pathname) => {
    expect(isKnownPage(pathname)).toBe(false);
    expect(remotePageOf(pathname)).toBeNull();
  });

  it.each(['/', '/comingsoon', '/no/such/page'])('%s is not a remote page', (pathname) => {
    expect(remoteRoutes.filter((route) => matchPath(route.path, pathname))).toEqual([]);
  });

  it.each(['/wishlist', '/trips', '/trips/HM4X2K9AB', '/login', '/account-settings', '/hosting', '/hosting/new', '/hosting/7/calendar', '/7/book'])(
    'the header hides search on %s',
    (pathname) => {
      expect(headerShowsSearch(pathname)).toBe(false);
      expect(headerShowsCategories(pathname)).toBe(false);
    },
  );

  it.each(['/home', '/house/7'])('the header shows search on %s', (pathname) => {
    expect(headerShowsSearch(pathname)).toBe(true);
  });

  it("gives a page's route parameters", () => {
    expect(remoteRouteOf('/house/42')).toEqual({ id: 'listing/HouseDetail', params: { id: '42' } });
    expect(remoteRouteOf('/42/book')).toEqual({ id: 'checkout/BookingPage', params: { id: '42' } });
    expect(remoteRouteOf('/trips/HM4X2K9AB')).toEqual({ id: 'account/Trip', params: { code: 'HM4X2K9AB' } });
    expect(remoteRouteOf('/comingsoon')).toBeNull();
  });

  it.each([
    ['/home', ['account/UserMenu', 'discovery/SearchBar', 'discovery/CategoryStrip', 'discovery/Home']],
    ['/house/7', ['account/UserMenu', 'discovery/SearchBar', 'listing/HouseDetail']],
    ['/trips', ['account/UserMenu', 'account/Trips']],
    ['/trips/HM4X2K9AB', ['account/UserMenu', 'account/Trip']],
    ['/comingsoon', ['account/UserMenu']],
    ['/', []],
  ])('%s renders the remote modules %j', (pathname, ids) => {
    expect(remoteModulesOf(pathname)).toEqual(ids);
  });

  it('shows the category strip only on home', () => {
    expect(headerShowsCategories('/home')).toBe(true);
    expect(headerShowsCategories('/house/7')).toBe(false);
  });

  it('knows the pages that take a signed-out visitor to /login by themselves', () => {
    expect(leadsSignedOutToLogin('/52/book')).toBe(true);
    for (const pathname of ['/home', '/house/52', '/login', '/trips']) expect(leadsSignedOutToLogin(pathname)).toBe(false);
  });
});
