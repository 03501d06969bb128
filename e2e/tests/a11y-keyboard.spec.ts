/**
 * Keyboard only: a search with dates, a sign-in and a checkout, driven with Tab, arrows,
 * Enter and typing (no clicks), at the desktop size where the full search bar is.
 * Locators only observe where the focus is; every action is a key press.
 */
import { expect, test, type Locator, type Page } from '../support/test';
import { signInAsGuest, siteConfig } from '../support/guest';
import { roomBlock } from '../support/rooms';
import { newUser, PASSWORD } from './accountSupport';

test.beforeEach(() => {
  test.skip(test.info().project.name !== 'desktop', 'the wide-screen search bar and booking layout');
});

/** Presses Tab (or Shift+Tab) until the target has the focus; fails when it is not reachable. */
async function tabTo(page: Page, target: Locator, max = 80, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${target.toString()} is not reachable with ${key} within ${max} presses`);
}

/**
 * The focused control must look focused: its area (with a margin for rings drawn around it or
 * on its field) differs between focused and not, the focus moved away and back with the keys.
 */
async function expectVisibleFocus(page: Page): Promise<void> {
  const box = await page.evaluate(() => {
    const rect = (document.activeElement ?? document.body).getBoundingClientRect();
    return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  });
  const margin = 8;
  const clip = { x: Math.max(0, box.x - margin), y: Math.max(0, box.y - margin), width: box.width + 2 * margin, height: box.height + 2 * margin };
  const focused = await page.screenshot({ clip, animations: 'disabled' });
  await page.keyboard.press('Shift+Tab');
  const unfocused = await page.screenshot({ clip, animations: 'disabled' });
  await page.keyboard.press('Tab');
  expect(focused.equals(unfocused), 'the focused control shows a visible focus indicator').toBe(false);
}

const dayButton = (page: Page) => page.getByRole('button', { name: /^\w+day, \d{1,2} \w+ \d{4}$/ });

test('keyboard only: search a destination with dates', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/home');
  const bar = page.locator('[data-remote="discovery/SearchBar"]');
  await expect(bar).toBeAttached({ timeout: 20_000 });

  const where = bar.getByLabel('Where');
  await tabTo(page, where);
  await expectVisibleFocus(page);
  await page.keyboard.type('Europe');

  const checkIn = bar.getByRole('button', { name: /Check in/ });
  const checkOut = bar.getByRole('button', { name: /Check out/ });
  await tabTo(page, checkIn);
  await page.keyboard.press('Enter');
  await expect(checkIn).toHaveAttribute('aria-expanded', 'true');

  // The open panel follows its fields in the tab order: Check out, then the panel's date modes.
  await page.keyboard.press('Tab');
  await expect(checkOut).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(bar.getByRole('tab', { name: 'Dates' })).toBeFocused();

  // The calendar has one day in the tab order; arrows move, Enter chooses.
  await tabTo(page, dayButton(page).and(page.locator('[tabindex="0"]')), 20);
  await expectVisibleFocus(page);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(checkIn).not.toContainText('Add dates');
  await tabTo(page, dayButton(page).and(page.locator('[tabindex="0"]')));
  for (let day = 0; day < 3; day += 1) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(checkOut).not.toContainText('Add dates');

  // A hint chip after the calendar, then Escape closes the panel and gives the focus back to its field.
  const chip = bar.getByRole('button', { name: '2 days', exact: true });
  await tabTo(page, chip, 10);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(bar.getByRole('tablist', { name: 'Date mode' })).toHaveCount(0);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-input'))).toMatch(/^check(In|Out)$/);

  // Who and its counters, then Search.
  const who = bar.getByRole('button', { name: /^Who/ });
  await tabTo(page, who, 5);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(bar.getByRole('button', { name: 'Increase adults' })).toBeFocused();
  await page.keyboard.press('Enter');
  const search = bar.getByRole('button', { name: 'Search', exact: true });
  await tabTo(page, search, 20);
  await page.keyboard.press('Enter');
  // The search ran: the bar collapses to its summary, which names the destination.
  await expect(bar.getByRole('button', { name: /Europe/ })).toBeVisible();
});

test('keyboard only: sign in from the user menu', async ({ page }) => {
  test.setTimeout(90_000);
  // An account of the test's own (there is no shared demo account to type in).
  const user = await newUser('keyboard');
  await page.goto('/home');
  const opener = page.getByRole('button', { name: 'Open user menu' });
  await tabTo(page, opener);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('navigation', { name: 'User menu' });
  await tabTo(page, menu.getByRole('link', { name: 'Log in' }));
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
  await expect(dialog).toBeVisible();
  // Focus moved into the dialog and stays there.
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await tabTo(page, dialog.getByLabel('Email'), 20);
  await page.keyboard.type(user.email);
  await tabTo(page, dialog.getByLabel('Password'), 5);
  await page.keyboard.type(PASSWORD);
  for (let presses = 0; presses < 12; presses += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement)), 'focus stays in the dialog').toBe(true);
  }
  await tabTo(page, dialog.getByRole('button', { name: 'Continue', exact: true }), 20);
  await page.keyboard.press('Enter');

  // Signed in (the page reloads after a password login): the menu now offers Log out.
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await tabTo(page, page.getByRole('button', { name: 'Open user menu' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('navigation', { name: 'User menu' }).getByRole('button', { name: 'Log out' })).toBeVisible();
});

test('keyboard only: choose dates, reserve and pay', async ({ page, request }) => {
  test.setTimeout(150_000);
  const config = await siteConfig(request);
  const anon = { apikey: config.supabaseAnonKey, Authorization: `Bearer ${config.supabaseAnonKey}` };
  // A room nobody has booked yet, so any dates are free and the guest has no payment for it.
  const rooms = (await (await request.get(`${config.supabaseUrl}/rest/v1/Rooms?select=id&order=id.asc&offset=${roomBlock().offset}&limit=${roomBlock().size}`, { headers: anon })).json()) as Array<{
    id: number;
  }>;
  let room: number | undefined;
  for (const { id } of rooms) {
    const ranges = await request.post(`${config.supabaseUrl}/rest/v1/rpc/room_booked_ranges`, { headers: anon, data: { room_id: id } });
    if (((await ranges.json()) as unknown[]).length === 0) {
      room = id;
      break;
    }
  }
  expect(room, 'a room with no bookings').toBeDefined();
  await signInAsGuest(page, request);

  await page.goto(`/house/${room}`);
  const detail = page.locator('[data-remote="listing/HouseDetail"]');
  await expect(detail.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await tabTo(page, detail.locator('[role="grid"] button[tabindex="0"]').first(), 150);
  await expectVisibleFocus(page);
  await page.keyboard.press('PageDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(detail.getByText(/2 nights in/).first()).toBeVisible();

  const reserve = detail.getByRole('button', { name: 'Reserve' }).first();
  await tabTo(page, reserve, 150);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${room}/book\\?checkin=[-\\d]+&checkout=[-\\d]+&adults=1$`));

  const booking = page.locator('[data-remote="checkout/BookingPage"]');
  await expect(booking.getByRole('heading', { name: 'Confirm and pay', level: 1 })).toBeVisible({ timeout: 20_000 });
  const fill = async (label: string, value: string) => {
    await tabTo(page, booking.getByLabel(label, { exact: true }), 150);
    await page.keyboard.type(value);
  };
  await fill('Card number', '4242424242424242');
  await fill('Expiration', '1234');
  await fill('CVC', '123');
  await fill('Name on card', 'Keyboard Guest');
  await fill('Street address', '1 Test Street');
  await fill('City', 'Lisbon');
  await fill('State', 'Lisboa');
  await fill('ZIP code', '1100-001');
  await fill('Country', 'Portugal');
  const pay = booking.getByRole('button', { name: 'Confirm and pay' });
  await tabTo(page, pay, 40);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(booking.getByText('Payment successful!')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/trips$/, { timeout: 15_000 });
});
