/**
 * Notifications on the composed site (issue 42, item 4): a step of a traveller's booking, told by
 * the server (send_notification, with the service role, as the booking's events will call
 * private.notify), shows at once in the user menu's unread count, without a reload; the menu's
 * Notification entry opens /notifications, which lists it and marks it read once opened; its mail
 * is in the outbox with both parts. On a phone (no user menu), the Profile page's bell carries the
 * count and opens the same list. Screenshots of the list, the menu and the mail go to
 * /tmp/shots-notify (NOTIFY_SHOTS overrides) to be looked at.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describeViolations, seriousViolations } from '../support/axe';
import { expect, test, type Page } from '../support/test';
import { problemsOf } from '../support/problems';
import { anonClient, newUser, serviceClient, serviceRoleKey, signInContext, siteConfig, type TestUser } from './checkoutSupport';

const SHOTS = process.env.NOTIFY_SHOTS ?? '/tmp/shots-notify';

function isoDay(daysFromToday: number): string {
  return new Date(Date.now() + daysFromToday * 86_400_000).toISOString().slice(0, 10);
}

/** A confirmed, paid stay of `traveller`'s at a place of `host`'s (written with the service role); its booking id and reservation code. */
async function paidStay(host: TestUser, traveller: TestUser, title: string): Promise<{ bookingId: number; code: string }> {
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
  const dates = { room_id: room.data.id, startDate: isoDay(30), endDate: isoDay(33), numOfDays: 3 };
  const booking = await service
    .from('Bookings')
    .insert({ ...dates, user_id: travellerId, user_email: traveller.email, adults: 2, status: 'confirmed' })
    .select('id')
    .single();
  if (booking.error) throw booking.error;
  const code = `HM${randomUUID().slice(0, 8).toUpperCase()}`;
  const payment = await service.from('Payments').insert({
    ...dates,
    id: `${code}-${randomUUID()}`,
    amount: 250,
    customer_name: 'Ada Lovelace',
    user_email: traveller.email,
    user_id: travellerId,
    stripe_payment_intent_id: `pi_${randomUUID()}`,
    booking_id: booking.data.id,
  });
  if (payment.error) throw payment.error;
  return { bookingId: booking.data.id as number, code };
}

async function notify(recipient: TestUser, kind: string, bookingId: number): Promise<number> {
  const { data, error } = await (await serviceClient()).rpc('send_notification', {
    p_recipient: recipient.session.user.id,
    p_kind: kind,
    p_booking_id: bookingId,
    p_data: {},
  });
  if (error) throw error;
  return data as number;
}

/** The outbox's mails to `to`, newest first. */
async function outbox(to: string): Promise<Array<{ subject: string; text: string; html?: string }>> {
  const { supabaseUrl } = await siteConfig();
  const res = await fetch(`${supabaseUrl}/mail/v1/messages?to=${encodeURIComponent(to)}`, {
    headers: { authorization: `Bearer ${serviceRoleKey()}` },
  });
  return ((await res.json()) as { messages: Array<{ subject: string; text: string; html?: string }> }).messages;
}

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
}

test('a booking step shows live in the menu’s count, lists on /notifications and is read once opened; its mail is in the outbox @one-size', async ({ page, context }) => {
  const host = await newUser('notify-host');
  const traveller = await newUser('notify-guest');
  const title = `Notified flat ${randomUUID().slice(0, 6)}`;
  const { bookingId, code } = await paidStay(host, traveller, title);
  await signInContext(context, traveller);
  const problems = problemsOf(page);

  await page.goto('/trips');
  const menuButton = page.getByRole('button', { name: 'Open user menu', exact: true });
  await expect(menuButton).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your trips' })).toBeVisible();

  // Told by the server while the page is open: the count appears without a reload.
  await notify(traveller, 'booking_confirmed', bookingId);
  const counted = page.getByRole('button', { name: 'Open user menu, 1 unread notification', exact: true });
  await expect(counted).toBeVisible();
  await expect(counted).toContainText('1');

  await counted.click();
  const menu = page.getByRole('navigation', { name: 'User menu' });
  const entry = menu.getByRole('link', { name: 'Notification 1 unread' });
  await expect(entry).toBeVisible();
  await shot(page, 'menu-desktop.png');
  await entry.click();
  await expect(page).toHaveURL(/\/notifications$/);

  const list = page.getByRole('list', { name: 'Notifications' });
  const row = list.getByRole('link', { name: /^Unread: Your stay is confirmed/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`You are going to ${title},`);
  await expect(row).toHaveAttribute('href', `/trips/${code}`);
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeVisible();
  expect(describeViolations(await seriousViolations(page))).toEqual([]);
  await shot(page, 'notifications-desktop.png');

  // Opened from the keyboard: it leads to the trip and is read.
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/trips/${code}$`));
  await expect(menuButton).toBeVisible();
  await page.goto('/notifications');
  await expect(list.getByRole('link', { name: /^Your stay is confirmed/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
  await expect(menuButton).toBeVisible();

  // Its mail: to the traveller, with the itinerary, in both parts.
  const mails = await outbox(traveller.email);
  const mail = mails.find((m) => m.subject === 'Your stay is confirmed');
  expect(mail?.text).toContain(`Reservation code: ${code}`);
  expect(mail?.html).toContain(title);
  expect(problems).toEqual([]);
  // The HTML part as a mail program shows it.
  await page.setContent(mail!.html!);
  await shot(page, 'mail-confirmed-desktop.png');
});

test('on a phone, the Profile page’s bell carries the unread count and opens the notifications', async ({ page, context, isMobile }) => {
  test.skip(!isMobile, 'wide screens reach the notifications through the user menu');
  const host = await newUser('notify-phone-host');
  const traveller = await newUser('notify-phone-guest');
  const title = `Notified cottage ${randomUUID().slice(0, 6)}`;
  const { bookingId } = await paidStay(host, traveller, title);
  await signInContext(context, traveller);

  await page.goto('/account-settings');
  const bell = page.getByRole('link', { name: 'Notifications', exact: true });
  await expect(bell).toBeVisible();
  await notify(traveller, 'review_invitation', bookingId);
  await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  await shot(page, 'profile-phone.png');
  await page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('list', { name: 'Notifications' }).getByRole('link', { name: /^Unread: How was your stay\?/ })).toBeVisible();
  await shot(page, 'notifications-phone.png');

  // The host's mail for a new request, as a phone's mail program shows it.
  await notify(host, 'booking_requested', bookingId);
  await expect.poll(async () => (await outbox(host.email)).length).toBe(1);
  const [request] = await outbox(host.email);
  expect(request!.subject).toBe('New booking request');
  await page.setContent(request!.html!);
  await expect(page.getByRole('link', { name: 'Accept' })).toBeVisible();
  await shot(page, 'mail-request-phone.png');
});

test('signed in with none, /notifications says so; its page is whole in the server’s HTML @one-size', async ({ page, context }) => {
  const user = await newUser('notify-none');
  await signInContext(context, user);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'No notifications yet' })).toBeVisible();
  const html = await (await context.request.get('/notifications')).text();
  expect(html).toContain('No notifications yet');
  expect(describeViolations(await seriousViolations(page))).toEqual([]);
  await shot(page, 'notifications-empty-desktop.png');
});
