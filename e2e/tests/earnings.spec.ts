/**
 * Host earnings (issue 29), end to end at both sizes: a host reaches /hosting (the user menu's
 * Manage Listings on a wide screen, Profile then Manage Listings on a phone) and its Earnings
 * page, which shows each paid stay of their places under the month of its check-in with its
 * payout's state, the amount paid, the platform fee and the payout in the place's currency, and
 * downloads the same figures as a CSV, by
 * keyboard. A host with no paid stays sees the empty state. Each test lists places of its own (in
 * Longyearbyen, where the seed puts none), so it books no room of the shared catalogue.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '../support/test';
import { problemsOf } from '../support/problems';
import { seriousViolations } from '../support/axe';
import { newUser, payThroughApi, signInContext } from './checkoutSupport';
import { publishedPlace } from './hostingSupport';
import { openUserMenu } from '../support/userMenu';

function inDays(n: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const monthName = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/** From anywhere to /hosting as a host would go: the user menu, or on a phone Profile. */
async function openHosting(page: Page, isMobile: boolean) {
  await page.goto('/home');
  if (isMobile) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/account-settings$/);
    await page.getByRole('link', { name: 'Manage Listings' }).click();
  } else {
    await (await openUserMenu(page)).getByRole('link', { name: 'Manage Listings' }).click();
  }
  await expect(page).toHaveURL(/\/hosting$/);
  await expect(page.getByRole('heading', { name: 'Your listings' })).toBeVisible();
}

test.describe('host earnings', () => {
  test('a host sees each paid stay under its month with amount, fee and payout, and downloads them as CSV', async ({ page, context, isMobile }, info) => {
    test.setTimeout(90_000);
    const problems = problemsOf(page);
    const host = await newUser('earner');
    const title = `Earning cabin ${Date.now().toString(36)}`;
    const id = await publishedPlace(host, title);
    const traveller = await newUser('earnguest');
    // $100 a night and a $70 cleaning fee: three nights are $403 paid, the $33 service fee and 3% of
    // $370 to the platform; two nights $292, $22 and 3% of $270.
    const stays = [
      { start: inDays(40), end: inDays(43), nights: 3, amountCents: 40_300, platformFeeCents: 4_410, payoutCents: 35_890 },
      { start: inDays(80), end: inDays(82), nights: 2, amountCents: 29_200, platformFeeCents: 3_010, payoutCents: 26_190 },
    ];
    for (const { start, end, nights } of stays) await payThroughApi(traveller, { roomId: id, start, end, nights });
    await signInContext(context, host);

    await openHosting(page, isMobile);
    await page.getByRole('link', { name: 'Earnings' }).click();
    await expect(page).toHaveURL(/\/hosting\/earnings$/);
    await expect(page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();

    const lines: string[] = [];
    for (const stay of stays) {
      const { amountCents, platformFeeCents, payoutCents } = stay;
      const month = page.getByRole('region', { name: monthName(stay.start) });
      const row = month.getByRole('row').filter({ hasText: title });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Upcoming');
      for (const amount of [amountCents, platformFeeCents, payoutCents]) await expect(row).toContainText(dollars(amount));
      lines.push(`${stay.start.slice(0, 7)},${stay.start},${stay.end},Guest,${title},Confirmed,Upcoming,USD,${(amountCents / 100).toFixed(2)},${(platformFeeCents / 100).toFixed(2)},${(payoutCents / 100).toFixed(2)}`);
    }
    const first = page.getByRole('region', { name: monthName(stays[0]!.start) });
    await expect(first.getByRole('row').filter({ hasText: title })).toContainText('$403.00');
    await expect(first.getByRole('row').filter({ hasText: title })).toContainText('$44.10');
    await expect(first.getByRole('row').filter({ hasText: title })).toContainText('$358.90');
    await expect(first.getByRole('row', { name: `Total for ${monthName(stays[0]!.start)}` })).toContainText('$358.90');
    await page.screenshot({ path: info.outputPath('earnings.png'), fullPage: true });
    // No error or hydration warning (axe, run next, logs its own).
    expect(problems).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    // The CSV, by keyboard: the same figures, a line a stay.
    const button = page.getByRole('button', { name: 'Download CSV' });
    await button.focus();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toBe('homestory-earnings.csv');
    const csv = fs.readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(csv[0]).toBe('Month,Check-in,Checkout,Guest,Place,Status,State,Currency,Amount paid,Platform fee,Payout');
    // The latest month first.
    expect(csv.slice(1)).toEqual([lines[1], lines[0], '']);
  });

  test('a host with no paid stays sees that there are no earnings yet', async ({ page, context }, info) => {
    const host = await newUser('noearner');
    await publishedPlace(host, `Quiet cabin ${Date.now().toString(36)}`);
    await signInContext(context, host);
    await page.goto('/hosting/earnings');
    await expect(page.getByText('No earnings yet.', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
    await page.screenshot({ path: info.outputPath('earnings-empty.png') });
  });
});
