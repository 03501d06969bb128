/**
 * A place on request (issue 42), on the composed site: the host chooses it in the listing editor,
 * the traveller presses 'Request to book',
 * their card is held and the trip says until when the host may answer; the host accepts from
 * /hosting and the trip becomes upcoming, or declines and it says so. Each test lists a place of
 * its own host's (hostingSupport), so it books no room of the shared catalogue. The flows are the
 * same at both widths (@one-size); each changed screen is also kept at 375x812.
 */
import { expect, test, type Page, type TestInfo } from '../support/test';
import { CARDS, fillBilling, fillCard, newUser, payThroughApi, signInContext, SITE, type TestUser } from './checkoutSupport';
import { publishedPlace } from './hostingSupport';

test.use({ baseURL: SITE });

function inDays(n: number): string {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A published place of a new host's (instant, as every place starts). */
async function hostedPlace(title: string): Promise<{ host: TestUser; id: number }> {
  const host = await newUser('request-host');
  return { host, id: await publishedPlace(host, title) };
}

/** The same place booked on request, as the host sets it through the API. */
async function placeOnRequest(title: string): Promise<{ host: TestUser; id: number }> {
  const place = await hostedPlace(title);
  const { error } = await place.host.client.rpc('set_instant_book', { p_room_id: place.id, p_instant: false });
  if (error) throw error;
  return place;
}

/** The page at 1280x800 and at 375x812, kept with the test's results. */
async function shots(page: Page, info: TestInfo, name: string) {
  const size = page.viewportSize();
  await page.screenshot({ path: info.outputPath(`${name}-1280x800.png`) });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: info.outputPath(`${name}-375x812.png`), fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** The host's open request of `title` on /hosting. */
const requestRow = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Upcoming reservations' }).getByRole('listitem').filter({ hasText: title });

test.describe('a place on request', () => {
  test('the traveller requests, the trip waits for the host, the host accepts and the trip is upcoming', { tag: '@one-size' }, async ({ page, context }, info) => {
    test.setTimeout(120_000);
    const title = `Request cabin ${Date.now()}`;
    const { host, id } = await hostedPlace(title);

    // The host chooses 'On request' in the editor, beside the cancellation policy.
    const hostContext = await context.browser()!.newContext({ viewport: page.viewportSize()! });
    await signInContext(hostContext, host);
    const hosting = await hostContext.newPage();
    await hosting.goto(`/hosting/${id}/edit/cancellation`);
    const modes = hosting.getByRole('group', { name: 'How guests book' });
    await expect(modes.getByRole('radio', { name: /^Instant/ })).toBeChecked({ timeout: 20_000 });
    await modes.getByRole('radio', { name: /^On request/ }).check();
    await expect(modes.getByRole('radio', { name: /^On request/ })).toBeChecked();
    await expect.poll(async () => (await host.client.from('hosted_rooms').select('instant_book').eq('room_id', id).single()).data?.instant_book).toBe(false);
    await shots(hosting, info, 'editor-booking-mode');

    const traveller = await newUser('requester');
    await signInContext(context, traveller);

    await page.goto(`/${id}/book?checkin=${inDays(40)}&checkout=${inDays(42)}&adults=1`);
    const button = page.getByRole('button', { name: 'Request to book' });
    await expect(button).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Request to book', level: 1 })).toBeVisible();
    await expect(page.getByText('once the host accepts (until then it is held, not charged)')).toBeVisible();
    await fillCard(page, CARDS.ok);
    await fillBilling(page);
    await button.scrollIntoViewIfNeeded();
    await shots(page, info, 'booking-page-on-request');
    await button.click();
    await expect(page.getByText('Request sent!').first()).toBeVisible({ timeout: 30_000 });

    // To the trips, where the request waits for the host.
    await expect(page).toHaveURL(/\/trips$/, { timeout: 15_000 });
    const card = page.getByRole('article', { name: title });
    await expect(card.getByText('REQUESTED', { exact: true })).toBeVisible();
    await expect(card.getByText(/^Requested: the host has until \d{1,2} \w{3}, \d\d:\d\d to answer$/)).toBeVisible();
    await shots(page, info, 'trips-requested');

    // The host answers from /hosting.
    await hosting.goto('/hosting');
    const row = requestRow(hosting, title);
    await expect(row.getByText(/^Request: answer by /)).toBeVisible({ timeout: 20_000 });
    await shots(hosting, info, 'hosting-request');
    await row.getByRole('button', { name: 'Accept' }).click();
    await expect(row.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    await expect(row).toBeVisible();
    await hostContext.close();

    // The trip is a confirmed stay now.
    await page.reload();
    await expect(card.getByText('UPCOMING', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(card.getByText(/^Requested:/)).toHaveCount(0);
  });

  test('the host declines: the trip says so and the card was not charged', { tag: '@one-size' }, async ({ page, context }, info) => {
    test.setTimeout(120_000);
    const title = `Declined cabin ${Date.now()}`;
    const { host, id } = await placeOnRequest(title);
    const traveller = await newUser('declined');
    const code = await payThroughApi(traveller, { roomId: id, start: inDays(50), end: inDays(52), nights: 2 });

    const hostContext = await context.browser()!.newContext({ viewport: page.viewportSize()! });
    await signInContext(hostContext, host);
    const hosting = await hostContext.newPage();
    await hosting.goto('/hosting');
    const row = requestRow(hosting, title);
    await row.getByRole('button', { name: 'Decline' }).click({ timeout: 20_000 });
    await expect(row).toHaveCount(0);
    await hostContext.close();

    await signInContext(context, traveller);
    await page.goto(`/trips/${code}`);
    await expect(page.getByText('DECLINED', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('The host declined this request. Your card was not charged.')).toBeVisible();
    await expect(page.getByText('Total, not charged (USD)')).toBeVisible();
    await shots(page, info, 'trip-declined');
  });

  test('the host cancels a confirmed stay from /hosting: the traveller gets all of it back', { tag: '@one-size' }, async ({ page, context }, info) => {
    test.setTimeout(120_000);
    const title = `Cancelled cabin ${Date.now()}`;
    const { host, id } = await hostedPlace(title);
    const traveller = await newUser('host-cancelled');
    const code = await payThroughApi(traveller, { roomId: id, start: inDays(60), end: inDays(62), nights: 2 });

    const hostContext = await context.browser()!.newContext({ viewport: page.viewportSize()! });
    await signInContext(hostContext, host);
    const hosting = await hostContext.newPage();
    await hosting.goto('/hosting');
    const row = requestRow(hosting, title);
    await row.getByRole('button', { name: /^Cancel the reservation of / }).click({ timeout: 20_000 });
    const dialog = hosting.getByRole('dialog', { name: 'Cancel this reservation?' });
    await expect(dialog.getByText(/gets back everything they paid/)).toBeVisible();
    await shots(hosting, info, 'hosting-cancel-dialog');
    await dialog.getByRole('button', { name: 'Cancel reservation' }).click();
    await expect(row).toHaveCount(0);
    await hostContext.close();

    await signInContext(context, traveller);
    await page.goto(`/trips/${code}`);
    await expect(page.getByText('CANCELLED', { exact: true })).toBeVisible({ timeout: 20_000 });
  });
});

