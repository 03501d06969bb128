/**
 * The listing page's URL carries the stay (shared/url), at both sizes against the real site: a
 * link with dates and guests fills the calendar, survives a reload, changes with the calendar, and
 * a stay the rules refuse is dropped with the URL rewritten to its clean form.
 */
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { siteConfig } from '../support/guest';
import { inDays, isoDay } from '../support/discoveryPage';

const expect = baseExpect.configure({ timeout: 30_000 });

/** A room of its own for each size (the other suites take rooms from the start of the table). */
async function roomFor(request: APIRequestContext, isMobile: boolean): Promise<{ id: number; city: string }> {
  const config = await siteConfig(request);
  const response = await request.get(`${config.supabaseUrl}/rest/v1/Rooms?select=id,city&order=id.desc&offset=${isMobile ? 1 : 0}&limit=1`, {
    headers: { apikey: config.supabaseAnonKey, Authorization: `Bearer ${config.supabaseAnonKey}` },
  });
  const [room] = (await response.json()) as Array<{ id: number; city: string }>;
  return room!;
}

test.describe('the stay in the listing URL', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a link with a stay fills the calendar, survives a reload and follows the calendar', async ({ page, request, isMobile }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const room = await roomFor(request, isMobile);
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

  test('a stay the rules refuse is dropped and the URL cleaned', async ({ page, request, isMobile }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const room = await roomFor(request, isMobile);
    await page.goto(`/house/${room.id}?checkin=${isoDay(inDays(-4))}&checkout=soon&adults=-1&children=50&junk=${'x'.repeat(3000)}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveURL(`/house/${room.id}?adults=1&children=15`);
    expect(errors).toEqual([]);
  });
});
