/**
 * The listing page's and the booking page's URLs carry the stay (shared/url), at both sizes
 * against the real site: a link with dates and guests fills the calendar, survives a reload,
 * changes with the calendar; Reserve carries it to /:id/book, whose Edit dialogs change it (in
 * the URL only: the stay reaches the server once, when Request to book sends it) and whose
 * pending booking is resumed by a link without one; a stay the rules refuse is dropped
 * with the URL rewritten to its clean form.
 */
import { expect as baseExpect, test, type APIRequestContext } from '../support/test';
import { siteConfig } from '../support/guest';
import { inDays, isoDay } from '../support/discoveryPage';
import { roomBlock } from '../support/rooms';
import { CARDS, fillCard, newUser, signInContext } from './checkoutSupport';

const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * A room of this suite's own for each size (support/rooms.ts), with room for three guests (the
 * tests add a child to two adults): it leaves a pending booking, and the last room of the table
 * may be one another suite has just listed (hosting.spec.ts).
 */
async function roomFor(request: APIRequestContext): Promise<{ id: number; city: string }> {
  const config = await siteConfig(request);
  const { offset, size } = roomBlock();
  const response = await request.get(`${config.supabaseUrl}/rest/v1/Rooms?select=id,city,max_guests&order=id.asc&offset=${offset}&limit=${size}`, {
    headers: { apikey: config.supabaseAnonKey, Authorization: `Bearer ${config.supabaseAnonKey}` },
  });
  const rooms = (await response.json()) as Array<{ id: number; city: string; max_guests: number }>;
  const room = rooms.find((r) => r.max_guests >= 3);
  if (!room) throw new Error(`no room for three guests among rooms ${offset}..${offset + size - 1}`);
  return { id: room.id, city: room.city };
}

test.describe('the stay in the listing URL', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a link with a stay fills the calendar, survives a reload and follows the calendar', async ({ page, request }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const room = await roomFor(request);
    const stay = `checkin=${isoDay(inDays(40))}&checkout=${isoDay(inDays(43))}&adults=2`;
    await page.goto(`/house/${room.id}?${stay}`);
    const calendar = page.getByRole('heading', { name: `3 nights in ${room.city}` });
    await expect(calendar).toBeVisible();
    await expect(page).toHaveURL(`/house/${room.id}?${stay}`);

    await page.reload();
    await expect(calendar).toBeVisible();
    await expect(page).toHaveURL(`/house/${room.id}?${stay}`);

    await page.getByRole('button', { name: 'Clear dates' }).click();
    await expect(page).toHaveURL(`/house/${room.id}?adults=2`);
    expect(errors).toEqual([]);
  });

  test('a stay the rules refuse is dropped and the URL cleaned', { tag: '@one-size' }, async ({ page, request }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const room = await roomFor(request);
    await page.goto(`/house/${room.id}?checkin=${isoDay(inDays(-4))}&checkout=soon&adults=-1&children=50&junk=${'x'.repeat(3000)}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveURL(`/house/${room.id}?adults=1&children=15`);
    expect(errors).toEqual([]);
  });

  test('Reserve carries the stay to the booking page, which keeps it on reload and changes it in its dialogs', async ({
    page,
    context,
    request,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const bookingWrites: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/rest/v1/Bookings') && r.method() !== 'GET') bookingWrites.push(`${r.method()} ${r.url()}`);
    });
    const user = await newUser('url-stay');
    await signInContext(context, user);
    const room = await roomFor(request);
    const [checkin, checkout] = [isoDay(inDays(50)), isoDay(inDays(53))];
    await page.goto(`/house/${room.id}?checkin=${checkin}&checkout=${checkout}&adults=2`);
    await expect(page.getByRole('heading', { name: `3 nights in ${room.city}` })).toBeVisible();
    await page.getByRole('button', { name: 'Reserve' }).filter({ visible: true }).first().click();

    const booked = `/${room.id}/book?checkin=${checkin}&checkout=${checkout}&adults=2`;
    await expect(page).toHaveURL(booked);
    const trip = page.getByRole('region', { name: 'Your trip' });
    await expect(trip.getByText('2 guests')).toBeVisible();
    await expect(page.getByText(/x 3 nights/)).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(booked);
    await expect(trip.getByText('2 guests')).toBeVisible();
    await expect(page.getByText(/x 3 nights/)).toBeVisible();

    await page.getByRole('button', { name: 'Edit guests' }).click();
    const guests = page.getByRole('dialog', { name: 'Guests' });
    await guests.getByRole('button', { name: 'Increase children' }).click();
    await guests.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(`${booked}&children=1`);
    await expect(trip.getByText('3 guests')).toBeVisible();

    // The page writes no booking: Request to book sends the stay, once, and the server keeps it
    // as the pending booking (here, after a declined card), which a link without a stay resumes.
    expect(bookingWrites).toEqual([]);
    await fillCard(page, CARDS.declined);
    await page.getByRole('button', { name: 'Confirm and pay' }).click();
    await expect(page.getByText('Your payment was declined check your card details').first()).toBeVisible();
    expect(bookingWrites).toEqual([]);
    await expect
      .poll(async () => (await user.client.from('Bookings').select('"startDate","endDate",adults,children,status')).data)
      .toEqual([{ startDate: checkin, endDate: checkout, adults: 2, children: 1, status: 'pending' }]);
    await page.goto(`/${room.id}/book`);
    await expect(page).toHaveURL(`${booked}&children=1`);
    await expect(page.getByText(/x 3 nights/)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a booking page link the rules refuse is cleaned', { tag: '@one-size' }, async ({ page, context, request }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInContext(context, await newUser('url-stay-bad'));
    const room = await roomFor(request);
    await page.goto(`/${room.id}/book?checkin=${isoDay(inDays(-3))}&checkout=later&adults=99&pets=-2&pets=7`);
    await expect(page.getByRole('heading', { name: 'Confirm and pay', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(`/${room.id}/book?adults=16`);
    await expect(page.getByText('Add your dates', { exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
