// Issue 30, messages: conversations between a traveller and a host, against the real backend
// (project migrations) on PGlite and PostgreSQL, with supabase-js: only the two parties read or
// write a conversation, nobody writes as someone else, bodies are bounded, senders are rate
// limited, unread counts follow the read mark, Realtime delivers a conversation's new messages to
// its parties only, and a burst of messages mails its recipient once.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageMail } from '../src/messages/mail.ts';
import { subscribed } from './support/realtime.ts';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';
import { publishedListing } from './support/listings.ts';
import { isoDay } from './support/checkout.ts';

interface User {
  client: SupabaseClient;
  id: string;
  email: string;
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

describe.each(databases('concurrency'))('messages on %s', (kind) => {
  let backend: TestBackend;
  let service: SupabaseClient;
  let host: User;
  let traveller: User;
  let stranger: User;
  let roomId: number;
  let count = 0;

  async function user(name: string): Promise<User> {
    const email = `messages-${kind}-${++count}@example.com`;
    const client = backend.client();
    const { data, error } = await client.auth.signUp({ email, password: 'correct-horse-battery', options: { data: { name } } });
    if (error || !data.session || !data.user) throw error ?? new Error('sign-up gave no session');
    await client.realtime.setAuth(data.session.access_token);
    return { client, id: data.user.id, email };
  }

  /** The guest's inquiry about the place (opened with its first message, issue 42), found when it exists. */
  async function inquiry(guest: User, room: number): Promise<number> {
    const found = await guest.client.rpc('start_conversation', { p_room_id: room });
    if (found.error === null) return found.data as number;
    const { data, error } = await guest.client.rpc('contact_host', { p_room_id: room, p_body: 'Hello' });
    if (error) throw error;
    return data as number;
  }

  const send = (sender: User, conversationId: number, body: string) =>
    sender.client.from('messages').insert({ conversation_id: conversationId, body }).select('id, sender_id, body').single();

  const outbox = async (to: string) => {
    const r = await fetch(`${backend.url}/mail/v1/messages?to=${encodeURIComponent(to)}`, {
      headers: { authorization: `Bearer ${backend.keys.serviceRoleKey}` },
    });
    return ((await r.json()) as { messages: Array<{ subject: string; text: string }> }).messages;
  };

  beforeAll(async () => {
    backend = await startTestBackend(kind, { env: { SEED_ROOMS: '3', MESSAGE_MAIL_DELAY: '0' } });
    service = backend.client(backend.keys.serviceRoleKey);
    host = await user('Hana Host');
    traveller = await user('Tom Traveller');
    stranger = await user('Sam Stranger');
    roomId = await publishedListing(host, { title: 'Cottage by the weir' });
  });
  afterAll(async () => {
    await backend?.close();
  });

  it('a traveller opens one inquiry per place with its host; catalogue places, drafts and your own place have none', async () => {
    const id = await inquiry(traveller, roomId);
    expect(await inquiry(traveller, roomId)).toBe(id);
    expect((await anonHasHost(roomId)).data).toBe(true);
    expect((await anonHasHost(1)).data).toBe(false);
    const catalogue = await traveller.client.rpc('start_conversation', { p_room_id: 1 });
    expect([catalogue.status, catalogue.data]).toEqual([404, null]);
    const own = await host.client.rpc('start_conversation', { p_room_id: roomId });
    expect([own.status, own.data]).toEqual([403, null]);
    const { data: draft } = await host.client.rpc('create_listing');
    expect((await traveller.client.rpc('start_conversation', { p_room_id: draft })).status).toBe(404);
    const signedOut = await backend.client().rpc('start_conversation', { p_room_id: roomId });
    expect(signedOut.data).toBeNull();
    expect([401, 404]).toContain(signedOut.status);
  });

  const anonHasHost = (room: number) => backend.client().rpc('room_has_host', { p_room_id: room });

  // Issue 42: "Contact host" with nothing written put an empty conversation in the host's inbox.
  it('an inquiry opens only with its first message: a blank one is refused and makes nothing', async () => {
    const guest = await user('Nell');
    for (const body of ['', ' \n\t ', null]) {
      const blank = await guest.client.rpc('contact_host', { p_room_id: roomId, p_body: body });
      expect([blank.status, blank.error?.code, blank.data]).toEqual([400, '23514', null]);
    }
    const bare = await guest.client.rpc('start_conversation', { p_room_id: roomId });
    expect([bare.status, bare.error?.code]).toEqual([400, '22023']);
    const tooLong = await guest.client.rpc('contact_host', { p_room_id: roomId, p_body: 'x'.repeat(2001) });
    expect(tooLong.error?.code).toBe('23514');
    const made = await service.from('conversations').select('id').eq('guest_id', guest.id);
    expect(made.data).toEqual([]);
    expect((await host.client.rpc('my_conversations')).data!.map((c: { other_name: string }) => c.other_name)).not.toContain('Nell');

    // Written, it opens the inquiry with the message in it, and the next one joins it.
    const { data: id, error } = await guest.client.rpc('contact_host', { p_room_id: roomId, p_body: 'Is the garden fenced?' });
    expect(error).toBeNull();
    expect((await guest.client.rpc('contact_host', { p_room_id: roomId, p_body: 'For a dog.' })).data).toBe(id);
    expect((await guest.client.rpc('start_conversation', { p_room_id: roomId })).data).toBe(id);
    const bodies = await host.client.from('messages').select('body, sender_id').eq('conversation_id', id).order('id');
    expect(bodies.data).toEqual([
      { body: 'Is the garden fenced?', sender_id: guest.id },
      { body: 'For a dog.', sender_id: guest.id },
    ]);
    // The same checks as before: no host, one's own place, signed out.
    expect((await guest.client.rpc('contact_host', { p_room_id: 1, p_body: 'Hi' })).status).toBe(404);
    expect((await host.client.rpc('contact_host', { p_room_id: roomId, p_body: 'Hi' })).status).toBe(403);
    expect((await backend.client().rpc('contact_host', { p_room_id: roomId, p_body: 'Hi' })).data).toBeNull();
  });

  it("a conversation about a booking gives its stay's state; an inquiry gives none", async () => {
    const guest = await user('Cas');
    const { data: booking } = await service
      .from('Bookings')
      .insert({ user_id: guest.id, user_email: guest.email, room_id: roomId, startDate: isoDay(300), endDate: isoDay(302), numOfDays: 2, status: 'confirmed' })
      .select('id')
      .single();
    const id = (await guest.client.rpc('start_conversation', { p_room_id: roomId, p_booking_id: booking!.id })).data as number;
    const stay = async (u: User, conversation: number) =>
      ((await u.client.rpc('my_conversations', { p_id: conversation })).data as Array<{ stay_state: string | null }>)[0]!.stay_state;
    expect(await stay(guest, id)).toBe('confirmed');
    expect((await service.from('Bookings').update({ status: 'cancelled' }).eq('id', booking!.id)).error).toBeNull();
    expect(await stay(guest, id)).toBe('cancelled');
    expect(await stay(host, id)).toBe('cancelled');
    expect(await stay(guest, await inquiry(guest, roomId))).toBeNull();
  });

  it('only the two parties read a conversation and its messages; nobody else writes into it or as someone else', async () => {
    const id = await inquiry(traveller, roomId);
    const first = await send(traveller, id, 'Hello! Is the stove wood-fired?');
    expect(first.error).toBeNull();
    expect(first.data!.sender_id).toBe(traveller.id);
    expect((await send(host, id, 'It is, and the wood is in.')).error).toBeNull();

    for (const party of [traveller, host]) {
      expect((await party.client.from('conversations').select('id').eq('id', id)).data).toEqual([{ id }]);
      expect((await party.client.from('messages').select('body').eq('conversation_id', id).order('id')).data!.map((m) => m.body)).toEqual([
        'Hello',
        'Hello! Is the stove wood-fired?',
        'It is, and the wood is in.',
      ]);
    }
    const [theirs] = (await traveller.client.rpc('my_conversations', { p_id: id })).data as Array<Record<string, unknown>>;
    expect(theirs).toMatchObject({ id, room_id: roomId, role: 'guest', other_name: 'Hana', last_body: 'It is, and the wood is in.', last_sender_is_me: false });
    const [hosts] = (await host.client.rpc('my_conversations', { p_id: id })).data as Array<Record<string, unknown>>;
    expect(hosts).toMatchObject({ id, role: 'host', other_name: 'Tom', last_sender_is_me: true });

    // A third account: nothing to read, nothing to write.
    expect((await stranger.client.from('conversations').select('id')).data).toEqual([]);
    expect((await stranger.client.from('messages').select('id')).data).toEqual([]);
    expect((await stranger.client.rpc('my_conversations', { p_id: id })).data).toEqual([]);
    const intrusion = await send(stranger, id, 'Let me in');
    expect([intrusion.status, intrusion.error?.code]).toEqual([403, '42501']);
    expect((await backend.client().from('messages').insert({ conversation_id: id, body: 'anon' })).status).toBe(401);
    // Nobody names the sender or the time, nor edits or deletes a message.
    const forged = await stranger.client.from('messages').insert({ conversation_id: id, body: 'From the host', sender_id: host.id });
    expect([forged.status, forged.error?.code]).toEqual([403, '42501']);
    const forgedByParty = await traveller.client.from('messages').insert({ conversation_id: id, body: 'From the host', sender_id: host.id });
    expect(forgedByParty.error?.code).toBe('42501');
    const backdated = await traveller.client.from('messages').insert({ conversation_id: id, body: 'old', created_at: '2020-01-01T00:00:00Z' });
    expect(backdated.error?.code).toBe('42501');
    expect((await host.client.from('messages').update({ body: 'changed' }).eq('id', first.data!.id)).error?.code).toBe('42501');
    expect((await host.client.from('messages').delete().eq('id', first.data!.id)).error?.code).toBe('42501');
    expect((await host.client.from('conversations').update({ host_read_id: 0 }).eq('id', id)).error?.code).toBe('42501');
    const direct = await stranger.client.from('conversations').insert({ room_id: roomId, guest_id: stranger.id, host_id: host.id });
    expect(direct.error?.code).toBe('42501');
    // Reading someone else's conversation as read changes nothing.
    expect((await stranger.client.rpc('mark_conversation_read', { p_conversation_id: id })).error).toBeNull();
    const { data: rows } = await service.from('messages').select('body').eq('conversation_id', id);
    expect(rows).toHaveLength(3);
  });

  it('bodies are plain text of 1 to 2000 characters, not blank', async () => {
    const id = await inquiry(traveller, roomId);
    expect((await send(traveller, id, 'x'.repeat(2001))).error?.code).toBe('23514');
    expect((await send(traveller, id, ' \n\t ')).error?.code).toBe('23514');
    expect((await send(traveller, id, '')).error?.code).toBe('23514');
    const longest = await send(traveller, id, `${'é'.repeat(1999)}\n`);
    expect(longest.error).toBeNull();
    expect(longest.data!.body).toHaveLength(2000);
  });

  it('unread counts count the other party’s messages after the read mark, and reading clears them', async () => {
    const guest = await user('Una');
    const id = await inquiry(guest, roomId);
    const unread = async (u: User) => ((await u.client.rpc('my_conversations', { p_id: id })).data as Array<{ unread: number }>)[0]!.unread;
    await send(guest, id, 'one');
    await send(guest, id, 'two');
    // The inquiry's first message and these two.
    expect(await unread(host)).toBe(3);
    expect(await unread(guest)).toBe(0);
    expect((await host.client.rpc('mark_conversation_read', { p_conversation_id: id })).error).toBeNull();
    expect(await unread(host)).toBe(0);
    await send(host, id, 'three');
    expect(await unread(guest)).toBe(1);
    expect(await unread(host)).toBe(0);
  });

  it('a sender is limited to 10 messages a minute, however they are sent', async () => {
    const guest = await user('Rae');
    const id = await inquiry(guest, roomId);
    // The inquiry's first message is one of the ten.
    const results = await Promise.all(Array.from({ length: 14 }, (_, i) => send(guest, id, `burst ${i}`)));
    expect(results.filter((r) => r.error === null)).toHaveLength(9);
    const refused = results.filter((r) => r.error !== null);
    expect(refused.map((r) => [r.status, r.error?.code])).toEqual(Array.from({ length: 5 }, () => [429, 'PT429']));
    // Nor does contact_host pass it: the message is refused and the rest undone.
    const over = await guest.client.rpc('contact_host', { p_room_id: roomId, p_body: 'One more' });
    expect([over.status, over.error?.code]).toEqual([429, 'PT429']);
    // The other party is not limited by it.
    expect((await send(host, id, 'Slow down, please')).error).toBeNull();
  });

  it('a booking has its own conversation, for its traveller and host only', async () => {
    const guest = await user('Bo');
    const { data: booking } = await service
      .from('Bookings')
      .insert({ user_id: guest.id, user_email: guest.email, room_id: roomId, startDate: isoDay(200), endDate: isoDay(203), numOfDays: 3, status: 'confirmed' })
      .select('id')
      .single();
    const args = { p_room_id: roomId, p_booking_id: booking!.id };
    const id = (await guest.client.rpc('start_conversation', args)).data as number;
    expect(id).toEqual(expect.any(Number));
    expect((await host.client.rpc('start_conversation', args)).data).toBe(id);
    expect(id).not.toBe(await inquiry(guest, roomId));
    expect((await stranger.client.rpc('start_conversation', args)).status).toBe(404);
    const [row] = (await host.client.rpc('my_conversations', { p_id: id })).data as Array<Record<string, unknown>>;
    expect(row).toMatchObject({ booking_id: booking!.id, start_date: isoDay(200), end_date: isoDay(203), other_name: 'Bo' });
  });

  it('Realtime delivers a conversation’s new messages to its two parties only', async () => {
    const guest = await user('Ria');
    const id = await inquiry(guest, roomId);
    const other = await inquiry(traveller, roomId);
    const got: Record<string, Array<{ body: string; conversation_id: number }>> = { host: [], guest: [], stranger: [] };
    const listen = (name: string, u: User, filter?: string) =>
      subscribed(
        u.client
          .channel(`messages-${name}`)
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'messages', ...(filter ? { filter } : {}) }, (p) =>
            got[name]!.push(p.new as { body: string; conversation_id: number }),
          ),
      );
    await Promise.all([
      listen('host', host, `conversation_id=eq.${id}`),
      listen('guest', guest),
      listen('stranger', stranger),
    ]);
    await send(guest, id, 'Live one');
    await send(traveller, other, 'Elsewhere');
    await send(host, id, 'Live two');
    await until(async () => got.host!.length + got.guest!.length, (n) => n >= 4);
    await sleep(300);
    expect(got.host!.map((m) => m.body)).toEqual(['Live one', 'Live two']);
    expect(got.guest!.map((m) => m.body)).toEqual(['Live one', 'Live two']);
    expect(got.stranger).toEqual([]);
    await Promise.all([host, guest, stranger].map((u) => u.client.removeAllChannels()));
  });

  it('new messages mail their recipient once per burst, with the text and a link, never the sender', async () => {
    const guest = await user('Mo');
    const before = (await outbox(host.email)).length;
    const { data: id } = await guest.client.rpc('contact_host', { p_room_id: roomId, p_body: 'Can we arrive late?\nAround 11 pm.' });
    const mails = await until(() => outbox(host.email), (m) => m.length > before);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.subject).toBe('New message from Mo');
    expect(mails[0]!.text).toContain('Mo wrote about Cottage by the weir:\n\n> Can we arrive late?\n> Around 11 pm.');
    expect(mails[0]!.text).toContain(`http://localhost:3000/messages/${id}`);
    await send(guest, id, 'And bring a dog?');
    await send(guest, id, 'A small one.');
    await sleep(500);
    expect((await outbox(host.email)).length).toBe(before + 1);
    expect((await outbox(guest.email)).length).toBe(0);
  });

  it('a notice whose messages were read by the time it is due is dropped; the others carry the newest unread messages', async () => {
    // Another backend whose notices wait an hour, drained here by hand as the mailer drains them.
    const slow = await startTestBackend(kind, { env: { SEED_ROOMS: '3', MESSAGE_MAIL_DELAY: '3600' } });
    try {
      const asUser = async (name: string): Promise<User> => {
        const email = `messages-slow-${kind}-${++count}@example.com`;
        const client = slow.client();
        const { data, error } = await client.auth.signUp({ email, password: 'correct-horse-battery', options: { data: { name } } });
        if (error || !data.user) throw error ?? new Error('no user');
        return { client, id: data.user.id, email };
      };
      const owner = await asUser('Olga');
      const [reader, waiter] = [await asUser('Rita'), await asUser('Walt')];
      const place = await publishedListing(owner, { title: 'Cottage by the weir' });
      const take = async () =>
        (await slow.ctx.db.query<{ conversation_id: string }>('select * from private.take_message_mails(0)')).rows.map((row) => ({
          ...row,
          conversation_id: Number(row.conversation_id),
        }));
      const read = (await reader.client.rpc('contact_host', { p_room_id: place, p_body: 'one' })).data as number;
      const unread = (await waiter.client.rpc('contact_host', { p_room_id: place, p_body: 'a' })).data as number;
      await reader.client.from('messages').insert({ conversation_id: read, body: 'two' });
      for (const body of ['b', 'c', 'd']) await waiter.client.from('messages').insert({ conversation_id: unread, body });
      await owner.client.rpc('mark_conversation_read', { p_conversation_id: read });
      expect((await slow.ctx.db.query('select * from private.take_message_mails(3600)')).rows).toEqual([]);
      expect(await take()).toEqual([{ conversation_id: unread, email: owner.email, sender_name: 'Walt', room_title: 'Cottage by the weir', bodies: ['b', 'c', 'd'] }]);
      // Each notice is taken once.
      expect(await take()).toEqual([]);
    } finally {
      await slow.close();
    }
  });
});

it("a sender's name is one line in the mail: it adds no header and no line of its own", () => {
  const mail = messageMail('https://homestory.example', {
    conversation_id: '7',
    email: 'host@example.com',
    sender_name: 'Eve\r\nBcc: all@example.com\n\nYour account is locked',
    room_title: 'Cottage',
    bodies: ['Hi'],
  });
  expect(mail.subject).toBe('New message from Eve Bcc: all@example.com Your account is locked');
  expect(mail.text.split('\n')[0]).toBe('Eve Bcc: all@example.com Your account is locked wrote about Cottage:');
  expect(mail.text).toContain('https://homestory.example/messages/7');
});
