// Issue 42, item 4, booking notifications, against the real backend (project migrations) on PGlite
// and PostgreSQL, with supabase-js: only server-side code makes a notification (private.notify,
// through the service role's send_notification), each recipient reads and marks read only their
// own, clients write nothing else, Realtime tells the recipient alone, and every kind's mail
// reaches the outbox with an HTML and a plain-text part, addressed to the right side.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderNotificationMail } from '../src/notifications/render.ts';
import { NOTIFICATION_KINDS } from '../src/notifications/templates.ts';
import { subscribed } from './support/realtime.ts';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';
import { publishedListing } from './support/listings.ts';
import { isoDay } from './support/checkout.ts';

interface User {
  client: SupabaseClient;
  id: string;
  email: string;
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(50);
  }
}

describe.each(databases('notify'))('notifications on %s', (kind) => {
  let backend: TestBackend;
  let service: SupabaseClient;
  let host: User;
  let traveller: User;
  let stranger: User;
  let roomId: number;
  let bookingId: number;
  let code: string;
  let count = 0;

  async function user(name: string): Promise<User> {
    const email = `notifications-${kind}-${++count}@example.com`;
    const client = backend.client();
    const { data, error } = await client.auth.signUp({ email, password: 'correct-horse-battery', options: { data: { name } } });
    if (error || !data.session || !data.user) throw error ?? new Error('sign-up gave no session');
    await client.realtime.setAuth(data.session.access_token);
    return { client, id: data.user.id, email };
  }

  /** A paid, confirmed stay of `guest`'s at the host's place, written with the service role. */
  async function paidStay(guest: User, fromDay: number): Promise<{ id: number; code: string }> {
    const dates = { room_id: roomId, startDate: isoDay(fromDay), endDate: isoDay(fromDay + 3), numOfDays: 3 };
    const booking = await service
      .from('Bookings')
      .insert({ ...dates, user_id: guest.id, user_email: guest.email, adults: 2, status: 'confirmed' })
      .select('id')
      .single();
    if (booking.error) throw booking.error;
    const reservation = `HM${randomUUID().slice(0, 8).toUpperCase()}`;
    const payment = await service.from('Payments').insert({
      ...dates,
      id: `${reservation}-${randomUUID()}`,
      amount: 412.5,
      customer_name: 'Tom Traveller',
      user_email: guest.email,
      user_id: guest.id,
      stripe_payment_intent_id: `pi_${randomUUID()}`,
      booking_id: booking.data.id,
    });
    if (payment.error) throw payment.error;
    return { id: booking.data.id as number, code: reservation };
  }

  const notify = (recipient: string, notificationKind: string, booking: number | null, data: Record<string, unknown> = {}) =>
    service.rpc('send_notification', { p_recipient: recipient, p_kind: notificationKind, p_booking_id: booking, p_data: data });

  const outbox = async (to: string): Promise<OutboxMail[]> => {
    const r = await fetch(`${backend.url}/mail/v1/messages?to=${encodeURIComponent(to)}`, {
      headers: { authorization: `Bearer ${backend.keys.serviceRoleKey}` },
    });
    return ((await r.json()) as { messages: OutboxMail[] }).messages;
  };

  beforeAll(async () => {
    backend = await startTestBackend(kind, { env: { SEED_ROOMS: '3' } });
    service = backend.client(backend.keys.serviceRoleKey);
    host = await user('Hana Host');
    traveller = await user('Tom Traveller');
    stranger = await user('Sam Stranger');
    roomId = await publishedListing(host, { title: 'Cottage by the weir' });
    ({ id: bookingId, code } = await paidStay(traveller, 200));
  });
  afterAll(async () => {
    await backend?.close();
  });

  it('no client makes a notification: send_notification is the service role’s, private.notify is no API’s, the table takes no insert', async () => {
    const args = { p_recipient: traveller.id, p_kind: 'booking_confirmed', p_booking_id: bookingId, p_data: {} };
    const signedOut = await backend.client().rpc('send_notification', args);
    expect([signedOut.status, signedOut.data]).toEqual([401, null]);
    const signedIn = await traveller.client.rpc('send_notification', args);
    expect([signedIn.status, signedIn.error?.code]).toEqual([403, '42501']);
    const privateSchema = await traveller.client.schema('private').rpc('notify', args);
    expect(privateSchema.data).toBeNull();
    expect(privateSchema.status).toBeGreaterThanOrEqual(400);
    const inserted = await traveller.client.from('notifications').insert({ recipient_id: traveller.id, kind: 'booking_confirmed', data: { title: 'Forged' } });
    expect([inserted.status, inserted.error?.code]).toEqual([403, '42501']);
    expect((await service.from('notifications').select('id').eq('recipient_id', traveller.id)).data).toEqual([]);
  });

  it('a notification goes to the booking’s traveller or host only, and only of the kinds for that side', async () => {
    const refused = [
      await notify(stranger.id, 'booking_confirmed', bookingId),
      await notify(traveller.id, 'booking_requested', bookingId),
      await notify(host.id, 'booking_declined', bookingId),
      await notify(traveller.id, 'booking_confirmed', null),
      await notify(traveller.id, 'a_new_kind', bookingId),
    ];
    for (const r of refused) expect([r.status, r.data]).toEqual([400, null]);
  });

  it('each recipient reads their own notifications, newest first, with the booking’s facts, texts and page', async () => {
    const theirs = await notify(traveller.id, 'booking_confirmed', bookingId);
    const hosts = await notify(host.id, 'booking_confirmed', bookingId);
    expect(theirs.error).toBeNull();
    expect(hosts.error).toBeNull();
    // Once per recipient, kind and booking: a repeated event adds nothing.
    expect((await notify(traveller.id, 'booking_confirmed', bookingId)).data).toBe(theirs.data);

    const { data: mine } = await traveller.client.from('notifications').select('id, kind, booking_id, data, read_at').order('id', { ascending: false });
    expect(mine).toEqual([
      {
        id: theirs.data,
        kind: 'booking_confirmed',
        booking_id: bookingId,
        read_at: null,
        data: expect.objectContaining({
          role: 'guest',
          title: 'Your stay is confirmed',
          body: expect.stringContaining('You are going to Cottage by the weir,'),
          path: `/trips/${code}`,
          room_title: 'Cottage by the weir',
          start_date: isoDay(200),
          end_date: isoDay(203),
          nights: 3,
          guests: 2,
          total: 412.5,
          code,
        }),
      },
    ]);
    const { data: hostRows } = await host.client.from('notifications').select('id, data');
    expect(hostRows).toEqual([{ id: hosts.data, data: expect.objectContaining({ role: 'host', title: 'New reservation', path: '/hosting', guest_name: 'Tom' }) }]);
    expect((await stranger.client.from('notifications').select('id')).data).toEqual([]);
    expect((await backend.client().from('notifications').select('id')).status).toBe(401);
  });

  it('a recipient marks their own as read, through the function only; nobody alters or deletes a row', async () => {
    const { data: id } = await notify(traveller.id, 'review_invitation', bookingId);
    const { data: hostId } = await notify(host.id, 'review_invitation', bookingId);

    // Direct writes: refused, even to one's own row.
    const update = await traveller.client.from('notifications').update({ read_at: new Date().toISOString() }).eq('id', id);
    expect([update.status, update.error?.code]).toEqual([403, '42501']);
    const retitle = await traveller.client.from('notifications').update({ data: { title: 'Forged' } }).eq('id', id);
    expect([retitle.status, retitle.error?.code]).toEqual([403, '42501']);
    const removed = await traveller.client.from('notifications').delete().eq('id', id);
    expect([removed.status, removed.error?.code]).toEqual([403, '42501']);

    // Another's id marks nothing; one's own is marked once, and keeps its time.
    expect((await stranger.client.rpc('mark_notifications_read', { p_ids: [id, hostId] })).data).toBe(0);
    expect((await traveller.client.rpc('mark_notifications_read', { p_ids: [id, hostId] })).data).toBe(1);
    const readAt = async (client: SupabaseClient, row: number) => (await client.from('notifications').select('read_at').eq('id', row).single()).data!.read_at as string | null;
    const first = await readAt(traveller.client, id);
    expect(first).not.toBeNull();
    expect(await readAt(host.client, hostId)).toBeNull();
    expect((await traveller.client.rpc('mark_notifications_read', { p_ids: [id] })).data).toBe(0);
    expect(await readAt(traveller.client, id)).toBe(first);

    // Without ids: all of the caller's.
    const unread = async (client: SupabaseClient) => (await client.from('notifications').select('id').is('read_at', null)).data!.length;
    expect(await unread(host.client)).toBeGreaterThan(0);
    await host.client.rpc('mark_notifications_read');
    expect(await unread(host.client)).toBe(0);
    expect((await backend.client().rpc('mark_notifications_read')).status).toBe(401);
  });

  it('Realtime delivers a new notification and its read mark to its recipient only', async () => {
    const guest = await user('Ria Rivers');
    const stay = await paidStay(guest, 220);
    const got: Record<string, Array<{ eventType: string; id: number }>> = { guest: [], stranger: [] };
    const listen = (name: string, u: User, filter?: string) =>
      subscribed(
        u.client
          .channel(`notifications-${name}`)
          .on('postgres_changes', { event: '*', schema: 'public', table: 'notifications', ...(filter ? { filter } : {}) }, (payload) =>
            got[name]!.push({ eventType: payload.eventType, id: (payload.new as { id: number }).id }),
          ),
      );
    const channels = [await listen('guest', guest, `recipient_id=eq.${guest.id}`), await listen('stranger', stranger)];
    try {
      const { data: id } = await notify(guest.id, 'booking_accepted', stay.id);
      await until(async () => got.guest!, (events) => events.length >= 1);
      await guest.client.rpc('mark_notifications_read', { p_ids: [id] });
      await until(async () => got.guest!, (events) => events.length >= 2);
      expect(got.guest).toEqual([
        { eventType: 'INSERT', id },
        { eventType: 'UPDATE', id },
      ]);
      await sleep(300);
      expect(got.stranger).toEqual([]);
    } finally {
      for (const channel of channels) await channel.unsubscribe();
    }
  });

  it('every kind mails its recipient once, with an HTML and a plain-text part, the booking’s facts and the links', async () => {
    const guest = await user('Mo Mendes');
    const stay = await paidStay(guest, 240);
    const sent: Array<[string, User, Record<string, unknown>]> = [
      ['booking_requested', host, { answer_by: '2030-01-02T09:30:00Z' }],
      ['booking_accepted', guest, {}],
      ['booking_declined', guest, {}],
      ['booking_expired', guest, {}],
      ['booking_confirmed', guest, {}],
      ['booking_confirmed', host, {}],
      ['booking_cancelled', guest, { refund: 206.25 }],
      ['booking_cancelled', host, { refund: 206.25 }],
      ['review_invitation', guest, {}],
      ['review_invitation', host, {}],
      ['payout_sent', host, { payout_amount: 371.25 }],
    ];
    expect(new Set(sent.map(([k]) => k))).toEqual(new Set(NOTIFICATION_KINDS));
    const hostBefore = (await outbox(host.email)).length;
    for (const [notificationKind, recipient, data] of sent) {
      const r = await notify(recipient.id, notificationKind, stay.id, data);
      expect(r.error, notificationKind).toBeNull();
    }
    const guestMails = await until(() => outbox(guest.email), (m) => m.length >= 6);
    const hostAll = await until(() => outbox(host.email), (m) => m.length >= hostBefore + 5);
    // Newest first: this test's mails come before the earlier tests' ones.
    const hostMails = hostAll.slice(0, hostAll.length - hostBefore);
    await sleep(200);
    expect(guestMails.map((m) => m.subject).sort()).toEqual(
      ['How was your stay?', 'Your request expired', 'Your request was accepted', 'Your request was declined', 'Your stay is confirmed', 'Your stay was cancelled'],
    );
    expect(hostMails.map((m) => m.subject).sort()).toEqual(['A reservation was cancelled', 'New booking request', 'New reservation', 'Payout sent', 'Review your guest']);
    expect((await outbox(guest.email)).length).toBe(6);
    const bySubject = (mails: OutboxMail[], subject: string) => {
      const mail = mails.find((m) => m.subject === subject);
      expect(mail, subject).toBeDefined();
      expect(mail!.html, subject).toMatch(/^<!doctype html>/i);
      expect(mail!.text, subject).toMatch(/^Hi (Mo|Hana),\n\n/);
      return mail!;
    };
    const site = 'http://localhost:3000';

    const request = bySubject(hostMails, 'New booking request');
    expect(request.to).toBe(host.email);
    expect(request.text).toContain('Mo asks to stay at Cottage by the weir');
    expect(request.text).toContain('by 2 Jan, 09:30 UTC');
    expect(request.text).toContain(`Accept: ${site}/hosting?booking=${stay.id}&answer=accept`);
    expect(request.text).toContain(`Decline: ${site}/hosting?booking=${stay.id}&answer=decline`);
    expect(request.html).toContain(`href="${site}/hosting?booking=${stay.id}&amp;answer=accept"`);
    expect(request.text).toMatch(/Total: +\$412\.50/);

    const confirmed = bySubject(guestMails, 'Your stay is confirmed');
    expect(confirmed.text).toContain(`Reservation code: ${stay.code}`);
    expect(confirmed.text).toContain(`View itinerary: ${site}/trips/${stay.code}`);
    expect(confirmed.html).toContain('Cottage by the weir');
    expect(confirmed.html).toContain('#e0004d');
    const day = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    expect(confirmed.text).toContain(`\nCheck-in:         ${day.format(new Date(`${isoDay(240)}T00:00:00Z`))}\n`);
    expect(confirmed.text).toContain('\nGuests:           2 guests\n');

    expect(bySubject(guestMails, 'Your stay was cancelled').text).toContain('You are refunded $206.25.');
    expect(bySubject(hostMails, 'A reservation was cancelled').text).toContain('Mo cancelled Cottage by the weir');
    expect(bySubject(hostMails, 'Payout sent').text).toContain(`A payout of $371.25 for Cottage by the weir`);
    expect(bySubject(hostMails, 'Payout sent').text).toContain(`See your earnings: ${site}/hosting/earnings`);
    for (const subject of ['Your request was accepted', 'Your request was declined', 'Your request expired', 'How was your stay?']) bySubject(guestMails, subject);
    for (const subject of ['Review your guest', 'New reservation']) expect(bySubject(hostMails, subject).to).toBe(host.email);
    // Nothing for the bystander.
    expect(await outbox(stranger.email)).toEqual([]);
  });

  it('an anonymous guest is told in the app, and mailed nothing', async () => {
    const anonymous = backend.client();
    const { data, error } = await anonymous.auth.signInAnonymously();
    if (error || !data.user) throw error ?? new Error('no anonymous user');
    const guest = { client: anonymous, id: data.user.id, email: '' };
    const stay = await paidStay(guest, 260);
    expect((await notify(guest.id, 'booking_confirmed', stay.id)).error).toBeNull();
    expect((await anonymous.from('notifications').select('kind')).data).toEqual([{ kind: 'booking_confirmed' }]);
    const taken = await until(
      async () => (await backend.ctx.db.query<{ sent: boolean }>('select q.sent_at is not null as sent from private.notification_mail as q join public.notifications as n on n.id = q.notification_id where n.recipient_id = $1', [guest.id])).rows,
      (rows) => rows.every((row) => row.sent),
    );
    expect(taken).toEqual([{ sent: true }]);
  });
});

it('a title or a name from the data is text in the mail: escaped in the HTML, one line in the subject', async () => {
  const mail = await renderNotificationMail('https://homestory.example', {
    kind: 'booking_confirmed',
    recipient_name: 'Eve\nBcc: all@example.com',
    data: {
      title: 'Your stay is confirmed\nBcc: all@example.com',
      body: 'You are going to <script>alert(1)</script>.',
      role: 'guest',
      path: '/trips/HMX',
      room_title: '<img src=x onerror=alert(1)>',
      code: 'HMX',
    },
  });
  expect(mail.subject).toBe('Your stay is confirmed Bcc: all@example.com');
  expect(mail.text.split('\n')[0]).toBe('Hi Eve Bcc: all@example.com,');
  expect(mail.html).not.toContain('<script>alert(1)');
  expect(mail.html).not.toContain('<img src=x');
  expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  expect(mail.text).toContain('View itinerary: https://homestory.example/trips/HMX');
});
