/**
 * Messages (issue 30), end to end at both sizes: a traveller contacts a host from the listing page
 * and the two write to each other live, in two browsers (no reload: Realtime delivers each new
 * message); /messages lists the conversation with the other party, the last message and the
 * unread count, which reading clears; text is shown as written, links not made clickable; the
 * phone's Messages tab and the user menu's Messages lead there; signed out, /messages sends the
 * visitor to /login and back. Contact host opens a conversation only with a first message (issue
 * 42), and a conversation about a booking shows its stay's state. Both pages have no serious axe violation. The host's place is made through the API (in Longyearbyen, where
 * the seed puts none); catalogue places have no host to contact.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { problemsOf } from '../support/problems';
import { seriousViolations } from '../support/axe';
import { newUser, payThroughApi, serviceClient, signInContext, type TestUser } from './checkoutSupport';
import { publishedPlace } from './hostingSupport';

/** A signed-up user with a name (the other party sees its first word). */
async function namedUser(label: string, name: string): Promise<TestUser> {
  const user = await newUser(label);
  const { data, error } = await user.client.auth.updateUser({ data: { name } });
  if (error || !data.user) throw error ?? new Error('no user');
  return user;
}

/** Another browser, sized as this project's, signed in as `user`. */
async function otherBrowser(browser: import('@playwright/test').Browser, user: TestUser): Promise<BrowserContext> {
  const { viewport, userAgent, isMobile, hasTouch, deviceScaleFactor, baseURL } = test.info().project.use;
  const context = await browser.newContext({ viewport, userAgent, isMobile, hasTouch, deviceScaleFactor, baseURL });
  await signInContext(context, user);
  return context;
}

const thread = (page: Page) => page.getByRole('list', { name: 'Messages' });

/** The listing's Contact host: writes `message` in its dialog and sends it, which opens the conversation. */
async function contactHost(page: Page, message: string) {
  await page.getByRole('button', { name: 'Contact host' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact host' });
  await dialog.getByLabel('Your message').fill(message);
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(page).toHaveURL(/\/messages\/\d+$/);
}
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** Opens /messages the way this size offers it: the phone's Messages tab, the user menu's entry. */
async function openMessages(page: Page, isMobile: boolean) {
  if (isMobile) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }).click();
  } else {
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('navigation', { name: 'User menu' }).getByRole('link', { name: 'Messages' }).click();
  }
  await expect(page).toHaveURL(/\/messages$/);
}

test.describe('messages', () => {
  test('a traveller contacts the host from the listing and they write to each other live', async ({ page, context, browser, isMobile }) => {
    test.setTimeout(120_000);
    const suffix = Date.now().toString(36);
    const host = await namedUser('msg-host', 'Hana Host');
    const traveller = await namedUser('msg-guest', 'Tom Traveller');
    const title = `Aurora hut ${suffix}`;
    const roomId = await publishedPlace(host, title);
    await signInContext(context, traveller);
    const travellerProblems = problemsOf(page);

    // The traveller, on the listing: Contact host's first message opens the conversation.
    await page.goto(`/house/${roomId}`);
    await contactHost(page, 'Hello! Is the hut warm in January?\nPhotos: https://example.com/hut <b>thanks</b>');
    const conversationPath = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { level: 1, name: 'Hana' })).toBeVisible();
    await expect(page.getByRole('link', { name: title })).toHaveAttribute('href', `/house/${roomId}`);
    const first = thread(page).getByRole('listitem').last();
    await expect(first).toContainText('Hello! Is the hut warm in January?\nPhotos: https://example.com/hut <b>thanks</b>');
    // Plain text: the address is not a link, the markup is shown as typed.
    await expect(thread(page).getByRole('link')).toHaveCount(0);

    // The host, in another browser: the conversation is listed with one unread message.
    const hostContext = await otherBrowser(browser, host);
    const hostPage = await hostContext.newPage();
    const hostProblems = problemsOf(hostPage);
    await hostPage.goto('/wishlist');
    await openMessages(hostPage, isMobile);
    const row = hostPage.getByRole('link', { name: /Tom/ });
    await expect(row).toContainText(title);
    await expect(row).toContainText('Photos: https://example.com/hut');
    await expect(row.getByLabel('1 unread')).toBeVisible();
    await row.click();
    await expect(hostPage).toHaveURL(new RegExp(`${conversationPath}$`));
    await expect(hostPage.getByRole('heading', { level: 1, name: 'Tom' })).toBeVisible();
    await expect(thread(hostPage)).toContainText('Hello! Is the hut warm in January?');
    await expect(thread(hostPage).getByRole('link')).toHaveCount(0);

    // Live both ways, with no reload.
    await composer(page).fill('We would arrive on the 12th.');
    await composer(page).press('Enter');
    await expect(thread(hostPage).getByRole('listitem').last()).toContainText('We would arrive on the 12th.');
    await composer(hostPage).fill('Warm and dry. The 12th is fine!');
    await hostPage.getByRole('button', { name: 'Send' }).click();
    await expect(thread(page).getByRole('listitem').last()).toContainText('Warm and dry. The 12th is fine!');
    await expect(thread(page).getByRole('listitem')).toHaveCount(3);
    await expect(thread(hostPage).getByRole('listitem')).toHaveCount(3);

    // Read where they were shown: neither has anything unread.
    for (const [p, other] of [
      [hostPage, 'Tom'],
      [page, 'Hana'],
    ] as const) {
      await p.getByRole('link', { name: 'All messages' }).click();
      const listed = p.getByRole('link', { name: new RegExp(other) });
      await expect(listed).toContainText(p === hostPage ? 'You: Warm and dry.' : 'Warm and dry.');
      await expect(listed.getByLabel(/unread/)).toHaveCount(0);
    }

    // A message while the host is on the list: the list shows it and its count, live.
    await page.goto(conversationPath);
    await composer(page).fill('See you then.');
    await composer(page).press('Enter');
    await expect(hostPage.getByRole('link', { name: /Tom/ }).getByLabel('1 unread')).toBeVisible();
    await expect(hostPage.getByRole('link', { name: /Tom/ })).toContainText('See you then.');

    expect(travellerProblems).toEqual([]);
    expect(hostProblems).toEqual([]);
    // (After the console checks: axe's injected script makes the federation runtime log.)
    expect(await seriousViolations(hostPage)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await hostContext.close();
  });

  test('a message is bounded: counter near the limit, Send off past it; the composer is usable by keyboard', async ({ page, context }) => {
    const host = await namedUser('msg-host-b', 'Ines');
    const traveller = await namedUser('msg-guest-b', 'Ola');
    const roomId = await publishedPlace(host, `Fjord hut ${Date.now().toString(36)}`);
    await signInContext(context, traveller);
    await page.goto(`/house/${roomId}`);
    const contact = page.getByRole('button', { name: 'Contact host' });
    await contact.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Contact host' });
    await expect(dialog.getByLabel('Your message')).toBeFocused();
    await page.keyboard.type('Hi Ines');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Send message' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/messages\/\d+$/);
    await expect(thread(page).getByRole('listitem')).toHaveCount(1);
    // In the thread, Shift+Enter starts a new line and Enter sends.
    await composer(page).fill('Two lines:');
    await composer(page).press('Shift+Enter');
    await composer(page).pressSequentially('the second.');
    await composer(page).press('Enter');
    await expect(thread(page).getByRole('listitem').last()).toContainText('Two lines:\nthe second.');
    await expect(composer(page)).toHaveValue('');
    const send = page.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await composer(page).fill('x'.repeat(2001));
    await expect(page.getByText('2001 / 2000')).toBeVisible();
    await expect(send).toBeDisabled();
    await composer(page).press('Backspace');
    await expect(page.getByText('2000 / 2000')).toBeVisible();
    await expect(send).toBeEnabled();
    await composer(page).fill('Short and sweet');
    await expect(page.getByText(/\/ 2000/)).toHaveCount(0);
    await composer(page).focus();
    await page.keyboard.press('Tab');
    await expect(send).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(thread(page).getByRole('listitem')).toHaveCount(3);
  });

  // Issue 42: an empty Contact host put an empty conversation in the host's inbox.
  test('Contact host with nothing written creates no conversation; the server refuses a blank one too', async ({ page, context }) => {
    const host = await namedUser('msg-host-e', 'Elin');
    const traveller = await namedUser('msg-guest-e', 'Emil');
    const roomId = await publishedPlace(host, `Empty hut ${Date.now().toString(36)}`);
    await signInContext(context, traveller);
    await page.goto(`/house/${roomId}`);
    await page.getByRole('button', { name: 'Contact host' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact host' });
    const send = dialog.getByRole('button', { name: 'Send message' });
    await expect(send).toBeDisabled();
    await dialog.getByLabel('Your message').fill('  \n  ');
    await expect(send).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe(`/house/${roomId}`);
    // Around the button, the API: a blank message opens nothing either.
    const blank = await traveller.client.rpc('contact_host', { p_room_id: roomId, p_body: ' ' });
    expect([blank.status, blank.error?.code]).toEqual([400, '23514']);
    const service = await serviceClient();
    const travellerId = traveller.session.user.id;
    expect((await service.from('conversations').select('id').eq('guest_id', travellerId)).data).toEqual([]);
    expect((await host.client.rpc('my_conversations')).data).toEqual([]);
  });

  test("a trip of a hosted place has Message host, which opens the booking's own conversation", async ({ page, context, isMobile }) => {
    const host = await namedUser('msg-host-t', 'Vera');
    const traveller = await namedUser('msg-guest-t', 'Pia');
    const title = `Glacier hut ${Date.now().toString(36)}`;
    const roomId = await publishedPlace(host, title);
    const start = new Date();
    start.setDate(start.getDate() + (isMobile ? 40 : 44));
    const end = new Date(start);
    end.setDate(end.getDate() + 2);
    const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const code = await payThroughApi(traveller, { roomId, start: day(start), end: day(end), nights: 2 });
    await signInContext(context, traveller);
    await page.goto(`/trips/${code}`);
    await page.getByRole('button', { name: 'Message host' }).click();
    await expect(page).toHaveURL(/\/messages\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Vera' })).toBeVisible();
    // About the booking: its dates beside the place.
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await expect(page.getByText(/ – /)).toBeVisible();
    // An inquiry about the same place is another conversation.
    const bookingConversation = page.url();
    await page.goto(`/house/${roomId}`);
    await contactHost(page, 'And another time?');
    expect(page.url()).not.toBe(bookingConversation);
  });

  // Issue 42: a conversation about a cancelled stay showed no sign of it.
  test("a conversation about a booking shows its stay's state, Cancelled once the trip is cancelled, to both sides", async ({ page, context, browser }) => {
    const host = await namedUser('msg-host-c', 'Cora');
    const traveller = await namedUser('msg-guest-c', 'Caspar');
    const roomId = await publishedPlace(host, `Cancelled hut ${Date.now().toString(36)}`);
    const start = new Date();
    start.setDate(start.getDate() + 60);
    const end = new Date(start);
    end.setDate(end.getDate() + 2);
    const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    await payThroughApi(traveller, { roomId, start: day(start), end: day(end), nights: 2 });
    const { data: payment } = await traveller.client.from('Payments').select('id, booking_id').eq('room_id', roomId).single();
    const opened = await traveller.client.rpc('start_conversation', { p_room_id: roomId, p_booking_id: payment!.booking_id });
    const conversation = `/messages/${opened.data as number}`;
    await traveller.client.from('messages').insert({ conversation_id: opened.data, body: 'Looking forward to it.' });

    await signInContext(context, traveller);
    await page.goto(conversation);
    const about = page.getByRole('link', { name: /Cancelled hut/ }).locator('..');
    await expect(about).toContainText('Upcoming');

    const cancelled = await traveller.client.functions.invoke('cancel-booking', { body: { paymentId: payment!.id } });
    expect(cancelled.error).toBeNull();
    await page.reload();
    await expect(about).toContainText('Cancelled');
    await expect(about).not.toContainText('Upcoming');

    const hostContext = await otherBrowser(browser, host);
    try {
      const hostPage = await hostContext.newPage();
      await hostPage.goto('/messages');
      await expect(hostPage.getByRole('link', { name: /Caspar/ })).toContainText('Cancelled');
      await hostPage.goto(conversation);
      await expect(hostPage.getByRole('link', { name: /Cancelled hut/ }).locator('..')).toContainText('Cancelled');
    } finally {
      await hostContext.close();
    }
  });

  test('catalogue places have no Contact host; signed out, /messages leads to /login and back', async ({ page, context }) => {
    await page.goto('/house/1');
    await expect(page.getByRole('heading', { name: 'Meet your host' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Contact host' })).toHaveCount(0);
    await page.goto('/messages');
    await expect(page).toHaveURL(/\/login\?next=%2Fmessages$/);
    const user = await namedUser('msg-none', 'Nora');
    await signInContext(context, user);
    await page.goto('/messages');
    await expect(page.getByRole('heading', { name: 'No messages yet' })).toBeVisible();
  });
});
