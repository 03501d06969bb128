/**
 * The home page as the suites drive it: calendar day names, the grid's cards, and a search run
 * through the wide bar or the small-screen overlay, by role and visible text.
 */
import { expect as baseExpect, type Page } from '@playwright/test';
import { pageCalendarTo } from './calendar';

// The shared test machine is busy: give the real backend and the federated site time.
const expect = baseExpect.configure({ timeout: 30_000 });

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const SHORT = MONTHS.map((m) => m.slice(0, 3));

export const inDays = (n: number) => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() + n);
  return d;
};
/** A calendar day's accessible name: 'Saturday, 21 November 2026'. */
export const dayName = (d: Date) => `${WEEKDAYS[d.getDay()]}, ${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
export const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
export const shownDay = (d: Date) => `${String(d.getDate()).padStart(2, '0')} ${SHORT[d.getMonth()]}`;

export const cards = (page: Page) => page.locator('main article');

export async function cardIds(page: Page): Promise<number[]> {
  // The place's link (a signed-out heart links to /login).
  const hrefs = await cards(page).getByRole('heading').getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  // A link may carry the searched stay: /house/52?checkin=…
  return hrefs.map((href) => Number(href.split('?')[0]!.split('/').pop()));
}

/** The grid's links to one room (with or without the searched stay in their query). */
export function roomLinks(page: Page, roomId: number) {
  return page.locator(`main a[href="/house/${roomId}"], main a[href^="/house/${roomId}?"]`);
}

export async function openHome(page: Page) {
  await page.goto('/home');
  await expect(cards(page).first()).toBeVisible();
}

/** Clicks a calendar day, paging forward until it is shown. */
export async function pickDay(page: Page, day: Date) {
  const button = page.getByRole('button', { name: dayName(day), exact: true });
  await pageCalendarTo(page, button, 3);
  await button.click();
}

/** On small screens the search lives in the overlay; this opens it. */
export async function openOverlay(page: Page) {
  await page.getByRole('button', { name: /Where to\?/ }).click();
  return page.getByRole('dialog', { name: 'Search' });
}

/**
 * Runs a search for a destination and optional dates (and a hint chip under the calendar),
 * through the bar or the overlay.
 */
export async function search(page: Page, isMobile: boolean, text: string, dates?: [Date, Date], chip?: string) {
  if (isMobile) {
    const dialog = await openOverlay(page);
    await dialog.getByRole('textbox', { name: 'Search destination' }).fill(text);
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    if (dates) {
      await pickDay(dialog.page(), dates[0]);
      await pickDay(dialog.page(), dates[1]);
    }
    if (chip) await dialog.getByRole('button', { name: chip, exact: true }).click();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(dialog).toBeHidden();
  } else {
    // By role: until the scripts run, the phone's plain search form (a closed popover) is in the
    // page too, and its search field is also labelled Where.
    await page.getByRole('textbox', { name: 'Where' }).fill(text);
    if (dates) {
      await page.getByRole('button', { name: /Check in/ }).click();
      await pickDay(page, dates[0]);
      await pickDay(page, dates[1]);
    }
    if (chip) await page.getByRole('button', { name: chip, exact: true }).click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
  }
}
