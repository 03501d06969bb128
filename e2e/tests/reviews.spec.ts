/**
 * Reviews after a stay on the composed site, at desktop and mobile sizes (issue 30, item 3): a
 * stay that ended three days ago (written with the service role, as no one can book the past);
 * the traveller reviews it from /trips (the overall rating, the six categories from the keyboard,
 * a text) and is told when it publishes; the listing still says 'No reviews yet'; the host
 * reviews the guest from /hosting, which publishes both; the listing's rating, count, category
 * scores and the review show on its page and its card.
 */
import { randomUUID } from 'node:crypto';
import { describeViolations, seriousViolations } from '../support/axe';
import { expect, test } from '../support/test';
import { problemsOf } from '../support/problems';
import { anonClient, newUser, serviceClient, signInContext, type TestUser } from './checkoutSupport';

function isoDay(daysFromToday: number): string {
  return new Date(Date.now() + daysFromToday * 86_400_000).toISOString().slice(0, 10);
}

/** A published place of `host`'s, with a catalogue room's photos, that `traveller` stayed at and paid for, checking out three days ago. */
async function pastStay(host: TestUser, traveller: TestUser, title: string): Promise<number> {
  const service = await serviceClient();
  const { data: photos } = await (await anonClient()).from('Rooms').select('images').eq('id', 1).single();
  const room = await service
    .from('Rooms')
    .insert({ 'house-title': title, price: 8300, max_guests: 2, city: 'Porto', country: 'Portugal', images: photos!.images })
    .select('id')
    .single();
  if (room.error) throw room.error;
  const hosted = await service.from('hosted_rooms').insert({ room_id: room.data.id, host_id: host.session.user.id, status: 'published' });
  if (hosted.error) throw hosted.error;
  const travellerId = traveller.session.user.id;
  const renamed = await service.auth.admin.updateUserById(travellerId, { user_metadata: { name: 'Ada Lovelace' } });
  if (renamed.error) throw renamed.error;
  const dates = { room_id: room.data.id, startDate: isoDay(-5), endDate: isoDay(-3), numOfDays: 2 };
  const booking = await service
    .from('Bookings')
    .insert({ ...dates, user_id: travellerId, user_email: traveller.email, status: 'confirmed' })
    .select('id')
    .single();
  if (booking.error) throw booking.error;
  const payment = await service.from('Payments').insert({
    ...dates,
    id: `HM${randomUUID().slice(0, 8).toUpperCase()}-${randomUUID()}`,
    amount: 250,
    customer_name: 'Ada Lovelace',
    user_email: traveller.email,
    user_id: travellerId,
    stripe_payment_intent_id: `pi_${randomUUID()}`,
    booking_id: booking.data.id,
  });
  if (payment.error) throw payment.error;
  const favourite = await service.from('Favorites').insert({ user_id: travellerId, item_id: room.data.id });
  if (favourite.error) throw favourite.error;
  return room.data.id;
}

test('a traveller and a host review a past stay; both publish and the listing\'s figures change', async ({ page, context, browser }, info) => {
  const host = await newUser('review-host');
  const traveller = await newUser('review-guest');
  const title = `Reviewed flat ${randomUUID().slice(0, 6)}`;
  const roomId = await pastStay(host, traveller, title);
  await signInContext(context, traveller);
  const problems = problemsOf(page);

  // The trip is PAST and may be reviewed.
  await page.goto('/trips');
  const card = page.getByRole('list', { name: 'Your trips' }).getByRole('article', { name: title });
  await expect(card.getByText('PAST', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Write a review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write a review' });
  await expect(dialog.getByText(title)).toBeVisible();

  // The overall rating by pointer, the six categories from the keyboard (arrow keys within a group).
  await dialog.getByRole('group', { name: 'Overall rating' }).getByRole('radio', { name: '4 stars' }).check();
  for (const category of ['Cleanliness', 'Accuracy', 'Check-in', 'Communication', 'Location', 'Value']) {
    const group = dialog.getByRole('group', { name: category, exact: true });
    await group.getByRole('radio', { name: '3 stars' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(group.getByRole('radio', { name: '4 stars' })).toBeChecked();
  }
  await dialog.getByRole('group', { name: 'Value', exact: true }).getByRole('radio', { name: '4 stars' }).focus();
  await page.keyboard.press('ArrowRight');
  await dialog.getByLabel('Your review').fill('Bright, quiet and spotless, right by the river.');
  await page.screenshot({ path: info.outputPath('review-form.png') });
  expect(describeViolations(await seriousViolations(page))).toEqual([]);
  await dialog.getByRole('button', { name: 'Submit review' }).click();
  const publishes = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDay(12)}T00:00:00Z`),
  );
  await expect(dialog.getByRole('status')).toHaveText(`Review submitted — published when your host reviews you or on ${publishes}`);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByText(/^Review submitted — published when your host reviews you/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Write a review' })).toHaveCount(0);

  // Unpublished: the listing has no reviews yet, and its card no rating.
  await page.goto(`/house/${roomId}`);
  const reviews = page.locator('#reviews');
  await expect(reviews.getByText('No reviews yet')).toBeVisible();
  await page.goto('/wishlist');
  const wished = page.getByRole('list', { name: 'Saved homes' }).getByRole('article', { name: 'Porto, Portugal' });
  await expect(wished.getByRole('img', { name: title })).toBeVisible();
  await expect(wished.getByLabel(/^Rated /)).toHaveCount(0);

  // The host, in a browser of their own, reviews the guest: both publish.
  const hostContext = await browser.newContext();
  await signInContext(hostContext, host);
  const hostPage = await hostContext.newPage();
  await hostPage.goto('/hosting');
  const stays = hostPage.getByRole('list', { name: 'Past stays to review' });
  await stays.getByRole('button', { name: 'Review guest' }).click();
  const hostDialog = hostPage.getByRole('dialog', { name: 'Review Ada' });
  await hostDialog.getByRole('group', { name: 'Rating' }).getByRole('radio', { name: '5 stars' }).check();
  await hostDialog.getByLabel('Your review of the guest').fill('A considerate guest who left the flat as they found it.');
  await hostDialog.getByRole('button', { name: 'Submit review' }).click();
  await expect(hostDialog.getByRole('status')).toHaveText('Review published');
  await hostDialog.getByRole('button', { name: 'Done' }).click();
  await expect(stays.getByText('Review published')).toBeVisible();
  await hostContext.close();

  // The listing's figures: its rating, count, category scores (wide screens) and the review.
  problems.length = 0;
  await page.goto(`/house/${roomId}`);
  await expect(reviews.getByRole('heading', { level: 2 })).toHaveText('4.0 · 1 review');
  await expect(page.getByText('No reviews yet')).toHaveCount(0);
  const review = reviews.getByRole('listitem');
  await expect(review).toContainText('Ada');
  await expect(review).toContainText('Bright, quiet and spotless, right by the river.');
  if (!info.project.use.isMobile) {
    await expect(reviews.getByRole('definition')).toHaveText(['4.0', '4.0', '4.0', '4.0', '4.0', '5.0']);
  }
  await reviews.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('listing-reviews.png') });
  expect(problems).toEqual([]);

  // The traveller's card of it shows the rating.
  await page.goto('/wishlist');
  await expect(wished.getByLabel('Rated 4.0 out of 5')).toBeVisible();
});
