/**
 * The results page's filters and true card dates (issue 43), at both sizes. Each test lists
 * places of its own host's at a point of the South Atlantic of its own (no other home near it) and
 * searches the map area around them (`box`), so every count is of its own places:
 * - with scripts, the Filters dialog: its count of homes follows each choice live, Show puts the
 *   filters in the URL and the server's results follow, the badge counts them, Clear all resets,
 *   Escape closes and Tab stays inside;
 * - without scripts, the same filters are a GET form behind the Filters link (#filters), and the
 *   server-rendered results honour the URL's filters, ignoring invalid values;
 * - a card without a searched stay shows its next free 5 nights, after a stay booked from today.
 * Screenshots under /tmp/shots-filters/.
 */
import { expect as baseExpect, test, type Page } from '../support/test';
import { cards } from '../support/discoveryPage';
import { problemsOf } from '../support/problems';
import { newUser, serviceClient } from './checkoutSupport';
import { publishedPlace } from './hostingSupport';

const expect = baseExpect.configure({ timeout: 20_000 });
const SHOTS = '/tmp/shots-filters';

/** Three places of a new host's around a point no other home is near; the page's path searching its area. */
async function ownPlaces(): Promise<{ path: string; ids: Record<'small' | 'large' | 'room', number> }> {
  const host = await newUser('filters-host');
  const lat = -50 + Math.random() * 10;
  const lng = -30 + Math.random() * 10;
  const at = { lat, lng, address: 'Ocean Row 1' };
  const small = await publishedPlace(host, 'Small blue house', { fields: { ...at, price: 60, bedrooms: 1, beds: 1, baths: 1, amenities: ['wifi'] } });
  const large = await publishedPlace(host, 'Large green house', { fields: { ...at, price: 150, bedrooms: 3, beds: 4, baths: 2, amenities: ['wifi', 'pool'] } });
  const room = await publishedPlace(host, 'Quiet private room', { fields: { ...at, price: 400, category: 'Rooms', amenities: ['pool'] } });
  const { error } = await host.client.rpc('set_instant_book', { p_room_id: large, p_instant: false });
  if (error) throw error;
  const box = [lng - 0.05, lat - 0.05, lng + 0.05, lat + 0.05].map((n) => n.toFixed(4)).join(',');
  return { path: `/home?box=${box}`, ids: { small, large, room } };
}

/** The cards' titles (their photos' alternative texts), in order. */
const titles = (page: Page) => cards(page).locator('img[alt]:not([alt=""])').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).alt));

test('the Filters dialog counts live, puts the filters in the URL and the results follow', async ({ page }, info) => {
  const problems = problemsOf(page);
  const { path } = await ownPlaces();
  await page.goto(path);
  await expect(cards(page)).toHaveCount(3);

  const button = page.getByRole('link', { name: 'Filters' });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Show 3 homes' })).toBeVisible();
  // The keyboard stays inside; Escape closes and gives the focus back.
  for (let i = 0; i < 40; i += 1) await page.keyboard.press('Tab');
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  await button.click();
  await dialog.getByRole('radiogroup', { name: 'Bedrooms' }).getByRole('radio', { name: '3', exact: true }).check();
  await expect(dialog.getByRole('button', { name: 'Show 1 home' })).toBeVisible();
  await dialog.getByRole('radiogroup', { name: 'Bedrooms' }).getByRole('radio', { name: 'Any' }).check();
  await dialog.getByRole('spinbutton', { name: 'Maximum' }).fill('200');
  await dialog.getByRole('checkbox', { name: 'Pool', exact: true }).check();
  await expect(dialog.getByRole('button', { name: 'Show 1 home' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dialog-${info.project.name}.png` });
  // the price range over the histogram of the search's three prices
  await expect(dialog.getByRole('slider', { name: 'Maximum price' })).toHaveValue('200');
  await dialog.getByRole('radio', { name: 'Any type' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/dialog-price-${info.project.name}.png` });
  await dialog.getByRole('button', { name: 'Show 1 home' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/price_max=200&amenities=pool/);
  await expect.poll(() => titles(page)).toEqual(['Large green house']);
  await expect(page.getByRole('link', { name: 'Filters, 2 on' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/filtered-${info.project.name}.png` });

  // The server renders the filtered results from the URL alone.
  await page.reload();
  await expect.poll(() => titles(page)).toEqual(['Large green house']);

  // Instant book leaves none (the large house books on request); Clear all resets the choices.
  await page.getByRole('link', { name: 'Filters, 2 on' }).click();
  await dialog.getByRole('checkbox', { name: /Instant Book/ }).check();
  await expect(dialog.getByRole('button', { name: 'Show 0 homes' })).toBeVisible();
  await dialog.getByRole('link', { name: 'Clear all' }).click();
  await expect(dialog.getByRole('button', { name: 'Show 3 homes' })).toBeVisible();
  await dialog.getByRole('radio', { name: 'Room', exact: true }).check();
  await dialog.getByRole('button', { name: 'Show 1 home' }).click();
  await expect(page).toHaveURL(/type=room/);
  await expect(page).not.toHaveURL(/amenities|price_max/);
  await expect.poll(() => titles(page)).toEqual(['Quiet private room']);
  expect(problems).toEqual([]);
});

test('without JavaScript the filters are a GET form and the server honours the URL, ignoring invalid values', async ({ browser }, info) => {
  const { path } = await ownPlaces();
  const { viewport, userAgent, isMobile, hasTouch, deviceScaleFactor } = info.project.use;
  const context = await browser.newContext({ javaScriptEnabled: false, viewport, userAgent, isMobile, hasTouch, deviceScaleFactor });
  try {
    const page = await context.newPage();
    await page.goto(`${path}&bedrooms=banana&price_max=-3&type=castle&amenities=jacuzzi&instant=yes`);
    await expect(cards(page)).toHaveCount(3);
    await page.getByRole('link', { name: 'Filters' }).click();
    await expect(page).toHaveURL(/#filters$/);
    const panel = page.locator('#filters form');
    await expect(panel).toBeVisible();
    await panel.getByRole('checkbox', { name: 'Pool', exact: true }).check();
    await panel.getByRole('radiogroup', { name: 'Beds' }).getByRole('radio', { name: '2', exact: true }).check();
    await page.screenshot({ path: `${SHOTS}/no-js-form-${info.project.name}.png` });
    await panel.getByRole('button', { name: 'Show homes' }).click();
    await expect(page).toHaveURL(/beds=2/);
    await expect(page).toHaveURL(/amenities=pool/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).getByAltText('Large green house')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Filters, 2 on' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/no-js-results-${info.project.name}.png` });
  } finally {
    await context.close();
  }
});

test("a card without a searched stay shows its next free 5 nights, around a stay booked from today", async ({ page }, info) => {
  const { path, ids } = await ownPlaces();
  const guest = await newUser('filters-guest');
  const service = await serviceClient();
  const day = (n: number) => {
    const d = new Date();
    d.setUTCDate(d.getUTCDate() + n);
    return d;
  };
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const { error } = await service.from('Bookings').insert({
    user_id: guest.session.user.id,
    user_email: guest.email,
    room_id: ids.small,
    startDate: iso(day(0)),
    endDate: iso(day(3)),
    numOfDays: 3,
    status: 'confirmed',
  });
  expect(error).toBeNull();
  const month = (d: Date) => d.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  const text = (from: Date, to: Date) =>
    month(from) === month(to) ? `${from.getUTCDate()}-${to.getUTCDate()} ${month(to)}` : new RegExp(`^${from.getUTCDate()} ${month(from)}( \\d{4})? - ${to.getUTCDate()} ${month(to)}`);

  await page.goto(path);
  const small = cards(page).filter({ has: page.getByAltText('Small blue house') });
  const large = cards(page).filter({ has: page.getByAltText('Large green house') });
  await expect(small.getByText(text(day(3), day(8)))).toBeVisible();
  await expect(large.getByText(text(day(0), day(5)))).toBeVisible();
  await expect(small.locator('a[href^="/house/"]').first()).toHaveAttribute('href', `/house/${ids.small}`);
  await small.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/card-dates-${info.project.name}.png` });
});
