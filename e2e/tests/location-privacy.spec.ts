/**
 * The street is private until a stay is booked (issue 40, item 3): a host's place, signed out, as
 * its host and as a traveller with a confirmed stay. The signed-out page (its server HTML, with
 * JavaScript and without) names the area and draws a circle, never the street or the exact point;
 * the host and the booked traveller see the street and a pin, in the server's render too.
 */
import { expect, test, type Page } from '../support/test';
import { problemsOf } from '../support/problems';
import { newUser, payThroughApi, signInContext, type TestUser } from './checkoutSupport';
import { HOST_CITY, publishedPlace } from './hostingSupport';

const STREET = 'Vei 228';
const EXACT = { lat: 78.2231, lng: 15.6412 };
const NOTE = 'Exact location provided after booking.';
/**
 * Whether a text holds the exact point: both its numbers (the approximate point, due north or east
 * of it, may keep one of them).
 */
const holdsExactPoint = (text: string) => /(?<![\d.])78\.2231(?!\d)/.test(text) && /(?<![\d.])15\.6412(?!\d)/.test(text);

function isoDay(daysFromToday: number): string {
  const d = new Date();
  d.setDate(d.getDate() + daysFromToday);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

test.describe('the exact location of a hosted place', () => {
  let host: TestUser;
  let traveller: TestUser;
  let roomId: number;
  let code: string;

  test.beforeAll(async () => {
    host = await newUser('location-host');
    traveller = await newUser('location-traveller');
    roomId = await publishedPlace(host, 'Cabin under the lights', { fields: { address: STREET, ...EXACT } });
    const offset = 40 + Math.floor(Math.random() * 300);
    code = await payThroughApi(traveller, { roomId, start: isoDay(offset), end: isoDay(offset + 2), nights: 2 });
  });

  const location = (page: Page) => page.locator('#location');

  test('signed out: the server HTML has the area and no street; the page draws a circle', async ({ page, request, browser }, info) => {
    const html = await (await request.get(`/house/${roomId}`)).text();
    expect(html).toContain(NOTE);
    expect(html).toContain(`${HOST_CITY}, Svalbard &amp; Jan Mayen`);
    expect(html).not.toContain(STREET);
    expect(holdsExactPoint(html)).toBe(false);

    const problems = problemsOf(page);
    await page.goto(`/house/${roomId}`);
    await location(page).scrollIntoViewIfNeeded();
    await expect(location(page).getByText(NOTE)).toBeVisible();
    await expect(location(page).getByRole('img', { name: /^Map showing the approximate area of / })).toBeVisible();
    await expect(location(page).getByTestId('approximate-area')).toBeVisible();
    await expect(page.getByText(STREET)).toHaveCount(0);
    await page.screenshot({ path: info.outputPath(`signed-out-${info.project.name}.png`) });
    expect(problems).toEqual([]);

    // Without JavaScript: the same area and note.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() ?? undefined });
    const still = await context.newPage();
    await still.goto(`/house/${roomId}`);
    await expect(still.locator('#location').getByText(NOTE)).toBeVisible();
    await expect(still.getByText(STREET)).toHaveCount(0);
    await still.locator('#location').scrollIntoViewIfNeeded();
    await still.screenshot({ path: info.outputPath(`no-javascript-${info.project.name}.png`) });
    await context.close();
  });

  for (const who of ['host', 'traveller'] as const) {
    test(`the ${who === 'host' ? 'host' : 'booked traveller'} sees the street and a pin, from the server's render on`, async ({ page, context }, info) => {
      await signInContext(context, who === 'host' ? host : traveller);
      const problems = problemsOf(page);
      const response = await page.goto(`/house/${roomId}`);
      expect(await response!.text()).toContain(STREET);
      await location(page).scrollIntoViewIfNeeded();
      await expect(location(page).getByText(STREET)).toBeVisible();
      await expect(location(page).getByRole('img', { name: `Map showing ${HOST_CITY}, Svalbard & Jan Mayen` })).toBeVisible();
      await expect(location(page).getByTestId('approximate-area')).toHaveCount(0);
      await expect(location(page).getByText(NOTE)).toHaveCount(0);
      await page.screenshot({ path: info.outputPath(`${who}-${info.project.name}.png`) });
      expect(problems).toEqual([]);
      if (who === 'host') return;

      // The itinerary keeps the street and the pin.
      await page.goto(`/trips/${code}`);
      const where = page.getByRole('region', { name: 'Where you’ll stay' });
      await expect(where.getByText(STREET)).toBeVisible();
      await expect(where.getByRole('img', { name: `Map showing ${HOST_CITY}, Svalbard & Jan Mayen` })).toBeVisible();
      await where.scrollIntoViewIfNeeded();
      await page.screenshot({ path: info.outputPath(`itinerary-${info.project.name}.png`) });
      expect(problems).toEqual([]);
    });
  }
});
