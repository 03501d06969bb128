/**
 * The place the traveller meant (issue 43), at both sizes (the search bar is an overlay on
 * phones): a misspelling shows 'Showing results for Barcelona' with the way back to the typed
 * text; a name of two close places offers the choice; a place with no homes says so and shows the
 * nearest under 'Nearby' with their distances; a country gives no distances. The server renders
 * each results page with its place line and empty state, with no hydration warnings. Screenshots under /tmp/shots-place/.
 */
import { expect as baseExpect, test } from '../support/test';
import { cards, openHome, search } from '../support/discoveryPage';
import { problemsOf } from '../support/problems';

const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = '/tmp/shots-place';

test('a misspelling shows the place it stood for, with the way back to the typed text', async ({ page, isMobile }, info) => {
  const problems = problemsOf(page);
  await openHome(page);
  await search(page, isMobile, 'Barcelna');
  await expect(page.getByText('Showing results for Barcelona.')).toBeVisible();
  await expect(cards(page).first()).toContainText('Barcelona');
  await page.screenshot({ path: `${SHOTS}/corrected-${info.project.name}.png` });
  await page.getByRole('link', { name: 'Search instead for Barcelna' }).click();
  await expect(page).toHaveURL(/where=%22Barcelna%22/);
  await expect(page.getByText('Showing results for Barcelona.')).toBeHidden();
  expect(problems).toEqual([]);
});

test('a name two places share offers the other: Bali is Bali, Indonesia, and Bāli, India is one tap away', async ({ page }, info) => {
  const problems = problemsOf(page);
  await page.goto('/home?where=Bali');
  const choice = page.getByRole('navigation', { name: 'Places with this name' });
  await expect(choice.getByText('Bali, Indonesia')).toHaveAttribute('aria-current', 'true');
  await expect(cards(page).first()).toContainText('Denpasar');
  await page.screenshot({ path: `${SHOTS}/choice-${info.project.name}.png` });
  await choice.getByRole('link', { name: 'Bāli, India' }).click();
  await expect(page).toHaveURL(/where=B%C4%81li%2C(\+|%20)India/);
  await expect(page.getByRole('navigation', { name: 'Places with this name' })).toBeHidden();
  expect(problems).toEqual([]);
});

test('a place with no homes says so and offers the nearest under Nearby, with their distances', async ({ page }, info) => {
  const problems = problemsOf(page);
  await page.goto('/home?where=Ulaanbaatar');
  await expect(page.getByText('There are no homes in Ulaanbaatar. The nearest are below.')).toBeVisible();
  const nearby = page.getByRole('region', { name: 'Nearby' });
  await expect(nearby.locator('article').first()).toContainText(/\d[\d,]* (kilometers|km) away/);
  await page.screenshot({ path: `${SHOTS}/nearby-${info.project.name}.png`, fullPage: false });
  expect(problems).toEqual([]);
});

test('a country gives its homes with no distance from its capital', async ({ page }, info) => {
  const problems = problemsOf(page);
  await page.goto('/home?where=Italy');
  await expect(page.getByRole('status').filter({ hasText: /\d homes? in Italy/ })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  await expect(cards(page).filter({ hasText: /away/ })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/country-${info.project.name}.png` });
  expect(problems).toEqual([]);
});

test('the server sends the results page whole: the place corrected and the place without homes are in its HTML (Nearby loads after, as the next page does) @one-size', async ({ request }) => {
  const corrected = await (await request.get('/home?where=Barcelna')).text();
  expect(corrected).toContain('Showing results for <strong>Barcelona</strong>');
  const none = await (await request.get('/home?where=Ulaanbaatar')).text();
  expect(none).toContain('There are no homes in Ulaanbaatar');
});
