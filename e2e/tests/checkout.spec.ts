/**
 * The booking page (/:id/book) on the composed site, at desktop and mobile sizes: paying with
 * the built-in test processor's cards, the card checks, booking a place again, the Edit dialogs,
 * the redirects, and two tabs racing for the same nights.
 */
import { describeViolations, seriousViolations } from '../support/axe';
import { expect, test, type Locator, type Page } from '../support/test';
import {
  anonClient,
  bookingPath,
  CARDS,
  fillBilling,
  fillCard,
  freeStay,
  newUser,
  payThroughApi,
  serviceClient,
  signInContext,
  type Stay,
  SITE,
} from './checkoutSupport';

test.use({ baseURL: SITE });

function checkoutTotal(localPrice: number, nights: number) {
  const nightly = Math.ceil(localPrice / 83);
  const subtotal = nightly * nights;
  const cleaning = Math.floor((nightly * 70) / 100);
  const service = Math.floor((subtotal * 11) / 100);
  return { nightly, subtotal, cleaning, service, total: subtotal + cleaning + service };
}

const usd = (n: number) => `$${n.toLocaleString('en-US')}`;
// The seed catalogue books instantly: its button says so (a place on request says 'Request to book').
const bookButton = (page: Page) => page.getByRole('button', { name: 'Confirm and pay' });

/** yyyy-mm-dd `days` after `day`. */
function shiftDay(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function openBooking(page: Page, stay: Stay) {
  await page.goto(bookingPath(stay));
  await expect(page.getByRole('heading', { name: 'Confirm and pay' })).toBeVisible();
}

async function paymentsOf(user: Awaited<ReturnType<typeof newUser>>) {
  const { data, error } = await user.client.from('Payments').select('id,room_id,"startDate","endDate",amount');
  if (error) throw error;
  return data as { id: string; room_id: number; startDate: string; endDate: string; amount: number }[];
}

/**
 * Clicks a calendar day: pages back to the current month, then forward until the day is shown
 * (one month at a time on small screens).
 */
async function pickDay(scope: Locator, day: Locator) {
  const previous = scope.getByRole('button', { name: 'Previous month' }).filter({ visible: true }).first();
  while (await previous.isEnabled()) await previous.click();
  for (let i = 0; i < 3; i += 1) {
    const shown = await day.waitFor({ state: 'visible', timeout: 800 }).then(
      () => true,
      () => false,
    );
    if (shown) break;
    await scope.getByRole('button', { name: 'Next month' }).filter({ visible: true }).first().click();
  }
  await day.click();
}

test.describe('checkout', () => {
  test('the whole purchase: grid, listing, Reserve, booking page, /trips', async ({ page, context }, info) => {
    test.slow();
    const user = await newUser('journey');
    await signInContext(context, user);
    await page.goto('/home');
    // Desktop and mobile run side by side: each takes its own listing of the grid.
    const card = page.locator('a[href^="/house/"]').nth(info.project.name === 'mobile' ? 1 : 0);
    await card.click();
    await page.waitForURL(/\/house\/\d+$/);
    const roomId = Number(new URL(page.url()).pathname.split('/').pop());

    // Two free nights among the next few weeks, chosen on the listing page's calendar.
    const client = user.client;
    const { data: booked } = await client.rpc('room_booked_ranges', { room_id: roomId });
    const ranges = (booked ?? []) as { start_date: string; end_date: string }[];
    const iso = (offset: number) => {
      const d = new Date();
      d.setDate(d.getDate() + offset);
      return d;
    };
    const key = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    let offset = 3 + Math.floor(Math.random() * 20);
    while (ranges.some((r) => key(iso(offset)) < r.end_date && r.start_date < key(iso(offset + 2)))) offset += 1;
    // The calendar names each day in full: 'Friday, 11 December 2026'.
    const name = (d: Date) =>
      `${d.toLocaleDateString('en-GB', { weekday: 'long' })}, ${d.getDate()} ${d.toLocaleDateString('en-GB', { month: 'long' })} ${d.getFullYear()}`;
    const start = iso(offset);
    const end = iso(offset + 2);
    for (const day of [start, end]) {
      await pickDay(page.locator('body'), page.getByRole('button', { name: name(day), exact: true }).filter({ visible: true }).first());
    }
    // The small-screen Reserve bar shows at the top of the page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Reserve' }).filter({ visible: true }).first().click();

    await page.waitForURL(new RegExp(`/${roomId}/book\\?checkin=${key(start)}&checkout=${key(end)}&adults=1$`));
    await expect(page.getByRole('heading', { name: 'Confirm and pay' })).toBeVisible();
    await expect(page.getByText(/x 2 nights/)).toBeVisible();
    await fillCard(page, CARDS.ok);
    await fillBilling(page);
    await bookButton(page).click();
    await expect(page.getByText('Payment successful!').first()).toBeVisible({ timeout: 20_000 });
    const code = (await page.locator('[role="status"] strong').textContent())?.trim() ?? '';
    await page.waitForURL('**/trips', { timeout: 8000 });
    await expect(page.getByText(code)).toBeVisible({ timeout: 15_000 });
    const payments = await paymentsOf(user);
    expect(payments).toEqual([expect.objectContaining({ room_id: roomId, startDate: key(start), endDate: key(end) })]);
  });

  test('signed out, the booking page goes to /login after 2 s, which returns there with the stay', { tag: '@one-size' }, async ({ page }) => {
    await page.goto('/1/book?adults=2&children=1');
    const shownAt = Date.now();
    await expect(page.getByText('Log in to book this place')).toBeVisible();
    await page.waitForURL(/\/login\?next=%2F1%2Fbook%3Fadults%3D2%26children%3D1$/, { timeout: 6000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1500);
    await page.getByRole('button', { name: 'Sign in as a Guest user' }).click();
    await page.waitForURL(/\/1\/book\?adults=2&children=1$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Confirm and pay', level: 1 })).toBeVisible();
  });

  test('/login ignores a return path to another site and lands on /home', { tag: '@one-size' }, async ({ page }) => {
    await page.goto('/login?next=https%3A%2F%2Fevil.example%2F');
    await page.getByRole('button', { name: 'Sign in as a Guest user' }).click();
    const site = new URL(page.url()).origin;
    await page.waitForURL((url) => url.origin === site && url.pathname === '/home', { timeout: 20_000 });
  });

  test('pays with the test card: Payment successful!, then /trips with the reservation code', { tag: '@one-size' }, async ({ page, context }) => {
    const user = await newUser('pay');
    const stay = await freeStay(2);
    await signInContext(context, user);
    await openBooking(page, stay);

    const price = checkoutTotal(stay.price, 2);
    const details = page.getByRole('complementary', { name: 'Your booking' });
    await expect(details.getByText(`${usd(price.nightly)} x 2 nights`)).toBeVisible();
    await expect(details.getByText(usd(price.subtotal), { exact: true }).first()).toBeVisible();
    await expect(details.getByText('Cleaning fee')).toBeVisible();
    await expect(details.getByText('Service fee')).toBeVisible();
    await expect(details.locator('dl > div').last()).toHaveText(`Total (USD)${usd(price.total)}`);
    await expect(page.getByRole('region', { name: 'Your trip' }).getByText('2 guests')).toBeVisible();

    // The test-card hint, with its copy buttons, sits in 'Pay with' (once: no toast over the form).
    const payWith = page.getByRole('region', { name: 'Pay with' });
    await expect(payWith.getByRole('note', { name: 'Test card' })).toContainText('Test mode: use card 4242 4242 4242 4242');
    await expect(page.getByText(/Test mode: use card/)).toHaveCount(1);
    for (const name of ['Copy card number', 'Copy expiry', 'Copy CVC']) {
      await expect(payWith.getByRole('button', { name })).toBeVisible();
    }

    await fillCard(page, CARDS.ok);
    await fillBilling(page);
    // A double click pays once.
    await bookButton(page).dblclick();
    await expect(page.getByText('Payment successful!').first()).toBeVisible({ timeout: 20_000 });
    const code = (await page.locator('[role="status"] strong').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z0-9]+$/);
    await expect(bookButton(page)).toBeDisabled();

    await page.waitForURL('**/trips', { timeout: 8000 });
    await expect(page.getByText(code)).toBeVisible({ timeout: 15_000 });

    const payments = await paymentsOf(user);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ room_id: stay.roomId, startDate: stay.start, endDate: stay.end });
    expect(payments[0]!.id.split('-')[0]).toBe(code);
  });

  test('the host changes the price while the page is open: pay is refused, the new total shown, and a second press pays it', { tag: '@one-size' }, async ({
    page,
    context,
  }, info) => {
    const user = await newUser('reprice');
    const stay = await freeStay(2);
    await signInContext(context, user);
    await openBooking(page, stay);
    const details = page.getByRole('complementary', { name: 'Your booking' });
    const before = checkoutTotal(stay.price, 2);
    await expect(details.locator('dl > div').last()).toHaveText(`Total (USD)${usd(before.total)}`);
    await fillCard(page, CARDS.ok);
    await fillBilling(page);

    const service = await serviceClient();
    const newPrice = stay.price + 83 * 25;
    // The nightly price changes; the cleaning fee is the host's own amount and stays.
    const repriced = checkoutTotal(newPrice, 2);
    const after = { ...repriced, cleaning: before.cleaning, total: repriced.subtotal + before.cleaning + repriced.service };
    expect((await service.from('Rooms').update({ price: newPrice }).eq('id', stay.roomId)).error).toBeNull();
    try {
      await bookButton(page).click();
      const status = page.locator('[role="status"]').filter({ hasText: 'The price of this stay changed' });
      await expect(status).toContainText(`The total is now ${usd(after.total)}`, { timeout: 20_000 });
      await expect(details.locator('dl > div').last()).toHaveText(`Total (USD)${usd(after.total)}`);
      expect(await paymentsOf(user)).toEqual([]);
      await status.scrollIntoViewIfNeeded();
      await page.screenshot({ path: info.outputPath(`terms-changed-${info.project.name}.png`) });

      await bookButton(page).click();
      await expect(page.getByText('Payment successful!').first()).toBeVisible({ timeout: 20_000 });
      const payments = await paymentsOf(user);
      expect(payments).toHaveLength(1);
      expect(Number(payments[0]!.amount)).toBe(after.total);
    } finally {
      await service.from('Rooms').update({ price: stay.price }).eq('id', stay.roomId);
    }
  });

  test('a declined card is told and the same booking can then be paid', { tag: '@one-size' }, async ({ page, context }) => {
    const user = await newUser('declined');
    const stay = await freeStay(1);
    await signInContext(context, user);
    await openBooking(page, stay);

    await fillCard(page, CARDS.declined);
    await bookButton(page).click();
    await expect(page.getByText('Your payment was declined check your card details').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText("Let's try that again")).toBeVisible();
    await expect(page.getByText('Please check your payment details')).toBeVisible();
    expect(await paymentsOf(user)).toHaveLength(0);

    await fillCard(page, CARDS.insufficient);
    await expect(bookButton(page)).toBeEnabled();
    await bookButton(page).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your payment was declined check your card details' })).not.toHaveCount(0);
    expect(await paymentsOf(user)).toHaveLength(0);

    await fillCard(page, CARDS.ok);
    await bookButton(page).click();
    await expect(page.getByText('Payment successful!').first()).toBeVisible({ timeout: 20_000 });
    expect(await paymentsOf(user)).toHaveLength(1);
  });

  test('each card check has its message, the banner shows and the page scrolls to the top', { tag: '@one-size' }, async ({ page, context }) => {
    const user = await newUser('validation');
    const stay = await freeStay(1);
    await signInContext(context, user);
    await openBooking(page, stay);

    await bookButton(page).scrollIntoViewIfNeeded();
    await bookButton(page).click();
    const messages = ['Check your card number', 'Check your expiry date', 'Check your CVC'];
    for (const message of messages) await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByText("Let's try that again")).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await expect(page.getByText('Check your card number')).toBeVisible();
    await page.getByLabel('Card number').fill(CARDS.ok);
    await expect(page.getByText('Check your card number')).toHaveCount(0);

    await page.getByLabel('Expiration').fill('01/20');
    await expect(page.getByText('Check your expiry date')).toBeVisible();
    await page.getByLabel('Expiration').fill('12/34');
    await expect(page.getByText('Check your expiry date')).toHaveCount(0);

    await page.getByLabel('CVC').fill('12');
    await expect(page.getByText('Check your CVC')).toBeVisible();
    await page.getByLabel('CVC').fill('123');
    await expect(page.getByText('Check your CVC')).toHaveCount(0);
    await expect(page.getByText("Let's try that again")).toHaveCount(0);
    expect(await paymentsOf(user)).toHaveLength(0);
  });

  test('coming back: a traveller with a stay at a place books it again for other nights', { tag: '@one-size' }, async ({ page, context }) => {
    const user = await newUser('again');
    const stay = await freeStay(2);
    await payThroughApi(user, stay);
    await signInContext(context, user);
    // Other nights of the same place (the first free pair after the stay): nothing is locked, and paying books them.
    const { data: booked } = await (await anonClient()).rpc('room_booked_ranges', { room_id: stay.roomId });
    const ranges = (booked ?? []) as { start_date: string; end_date: string }[];
    let gap = 3;
    while (ranges.some((r) => shiftDay(stay.end, gap) < r.end_date && r.start_date < shiftDay(stay.end, gap + 2))) gap += 1;
    await openBooking(page, { ...stay, start: shiftDay(stay.end, gap), end: shiftDay(stay.end, gap + 2) });
    await expect(page.getByRole('button', { name: 'Edit dates' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Edit guests' })).toBeEnabled();
    await fillCard(page, CARDS.ok);
    await fillBilling(page);
    await bookButton(page).click();
    await expect(page.getByText('Payment successful!').first()).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => (await paymentsOf(user)).length).toBe(2);
  });

  test('the dates dialog: Save waits for both dates, Clear dates empties them', async ({ page, context }) => {
    const user = await newUser('dates');
    await signInContext(context, user);
    const bookingWrites: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/rest/v1/Bookings') && r.method() !== 'GET') bookingWrites.push(`${r.method()} ${r.url()}`);
    });
    await page.goto('/1/book');
    await expect(page.getByText('Add your dates', { exact: true })).toBeVisible();
    await expect(bookButton(page)).toBeDisabled();

    await page.getByRole('button', { name: 'Edit dates' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change dates' });
    await expect(dialog).toBeVisible();
    await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();

    // The 11th to the 14th of the month after next: the day before the start is in the same
    // month, so it is on screen even where the dialog shows one month at a time.
    const day = (dayOfMonth: number) => {
      const d = new Date();
      d.setDate(1);
      d.setMonth(d.getMonth() + 2);
      d.setDate(dayOfMonth);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
    const pick = (iso: string) => pickDay(dialog, dialog.locator(`button[data-day="${iso}"]`));
    await pick(day(11));
    await expect(save).toBeDisabled();
    // Days before the chosen start are struck through and cannot be chosen.
    await expect(dialog.locator(`button[data-day="${day(10)}"]`)).toHaveAttribute('aria-disabled', 'true');
    await pick(day(14));
    await expect(save).toBeEnabled();
    await dialog.getByRole('button', { name: 'Clear dates' }).click();
    await expect(save).toBeDisabled();
    await pick(day(11));
    await pick(day(14));
    await save.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Edit dates' })).toBeFocused();
    await expect(page.getByText('Add your dates', { exact: true })).toHaveCount(0);
    await expect(page.getByText(/x 3 nights/)).toBeVisible();

    await page.getByRole('button', { name: 'Edit guests' }).click();
    const guests = page.getByRole('dialog', { name: 'Guests' });
    await guests.getByRole('button', { name: 'Increase adults' }).click();
    await guests.getByRole('button', { name: 'Increase children' }).click();
    await guests.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Edit guests' })).toBeFocused();
    await expect(page.getByRole('region', { name: 'Your trip' }).getByText('3 guests')).toBeVisible();
    await expect(page).toHaveURL(`/1/book?checkin=${day(11)}&checkout=${day(14)}&adults=2&children=1`);

    // The edits live in the URL only: the page writes no booking (Request to book sends the stay).
    await page.reload();
    await expect(page.getByRole('region', { name: 'Your trip' }).getByText('3 guests')).toBeVisible();
    expect(bookingWrites).toEqual([]);
    expect((await user.client.from('Bookings').select('id')).data).toEqual([]);
  });

  test('no serious or critical accessibility violations, with the card errors and the dates dialog open', async ({
    page,
    context,
  }) => {
    const user = await newUser('axe');
    const stay = await freeStay(2);
    await signInContext(context, user);
    await openBooking(page, stay);
    await bookButton(page).click();
    await expect(page.getByText('Check your CVC')).toBeVisible();
    // This remote's page and its dialogs (the header and toasts belong to the shell and other remotes).
    const serious = async () =>
      describeViolations(await seriousViolations(page, { include: ['[data-remote="checkout/BookingPage"]', '[role="dialog"]'] }));
    expect(await serious()).toEqual([]);
    await page.getByRole('button', { name: 'Edit dates' }).click();
    await expect(page.getByRole('dialog', { name: 'Change dates' })).toBeVisible();
    expect(await serious()).toEqual([]);
  });

  test("with Stripe configured but Stripe.js unreachable, the card form says so and nobody can pay", { tag: '@one-size' }, async ({
    page,
    context,
  }) => {
    const user = await newUser('stripe');
    const stay = await freeStay(1);
    await signInContext(context, user);
    await context.route('**/config.json', async (route) => {
      const config = (await (await route.fetch()).json()) as Record<string, unknown>;
      await route.fulfill({ json: { ...config, paymentMode: 'stripe', stripePublishableKey: 'pk_test_unreachable' } });
    });
    await context.route('https://js.stripe.com/**', (route) => route.abort());
    await openBooking(page, stay);
    await expect(page.getByRole('alert').filter({ hasText: "We couldn't load the secure card form" })).toBeVisible();
    await expect(page.getByText('Failed to load Stripe.js')).toHaveCount(0);
    await expect(bookButton(page)).toBeDisabled();
  });

  test('a card that asks for authentication shows a confirm step', { tag: '@one-size' }, async ({ page, context }) => {
    const user = await newUser('3ds');
    const stay = await freeStay(1);
    await signInContext(context, user);
    await openBooking(page, stay);

    await fillCard(page, CARDS.authenticate);
    await bookButton(page).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm your payment' });
    await confirm.getByRole('button', { name: 'Fail authentication' }).click();
    await expect(page.getByText('Your payment was declined check your card details').first()).toBeVisible();

    await bookButton(page).click();
    await confirm.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page.getByText('Payment successful!').first()).toBeVisible({ timeout: 20_000 });
  });

  test('two tabs paying for the same nights: one succeeds, the other is told', { tag: '@one-size' }, async ({ browser, page, context }) => {
    test.slow();
    const user = await newUser('tabs');
    const stay = await freeStay(2);
    await signInContext(context, user);
    const second = await context.newPage();
    await openBooking(page, stay);
    await openBooking(second, stay);
    for (const tab of [page, second]) await fillCard(tab, CARDS.ok);

    await Promise.all([bookButton(page).click(), bookButton(second).click()]);
    const outcome = async (tab: Page) => {
      const success = tab.getByText('Payment successful!').first();
      const told = tab.getByRole('status').filter({ hasText: /already booked|just booked/ });
      await expect(success.or(told)).toBeVisible({ timeout: 25_000 });
      return (await success.isVisible()) ? 'paid' : 'told';
    };
    expect([await outcome(page), await outcome(second)].sort()).toEqual(['paid', 'told']);
    expect(await paymentsOf(user)).toHaveLength(1);

    // Another traveller, in another browser, cannot have those nights either.
    const otherContext = await browser.newContext();
    const other = await newUser('tabs-other');
    await signInContext(otherContext, other);
    const otherPage = await otherContext.newPage();
    await openBooking(otherPage, stay);
    await fillCard(otherPage, CARDS.ok);
    await bookButton(otherPage).click();
    await expect(otherPage.getByRole('status').filter({ hasText: 'These dates are already booked.' })).toBeVisible({
      timeout: 15_000,
    });
    expect(await paymentsOf(other)).toHaveLength(0);
    await otherContext.close();
  });
});
