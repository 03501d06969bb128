// Mail for new messages (issue 30): the database queues a notice per conversation and recipient
// at most every 10 minutes (private.message_mail, migration 20261128000400_messages.sql); this
// drains it. A notice is due MESSAGE_MAIL_DELAY seconds after it was queued (default 60), so a
// recipient reading the conversation live is not mailed: when it is due and every message in it
// has been read, it is dropped; else its newest unread messages (at most 3) go to the recipient
// through sendMail (the outbox, or SMTP), with a link to the conversation. Every backend process
// on one database drains (NOTIFY message_mail, and a poll for the delayed ones); a notice is
// taken by one of them (FOR UPDATE SKIP LOCKED; mailQueue.ts). On hosted Supabase nothing drains
// the queue (README, Messages).
import type { BackendContext } from '../context.ts';
import { sendMail } from '../auth/mail.ts';
import { queuedMailer } from '../mailQueue.ts';

interface DueMail {
  conversation_id: string;
  email: string;
  sender_name: string;
  room_title: string;
  bodies: string[];
}

/** The mail for one notice: who wrote, about which place, what, and where to answer. */
export function messageMail(siteUrl: string, due: DueMail): { to: string; subject: string; text: string } {
  const quoted = due.bodies.map((body) => body.split('\n').map((line) => `> ${line}`).join('\n')).join('\n\n');
  // A name is the sender's own words: one line, so it cannot add a header or fake the mail's text.
  const sender = due.sender_name.replace(/\s+/g, ' ').trim();
  return {
    to: due.email,
    subject: `New message from ${sender}`,
    text: `${sender} wrote about ${due.room_title}:\n\n${quoted}\n\nRead and reply: ${new URL(`/messages/${due.conversation_id}`, siteUrl).href}\n`,
  };
}

export function messageMailer(ctx: BackendContext) {
  return queuedMailer(ctx, {
    name: 'messages',
    channel: 'message_mail',
    procedure: 'private.take_message_mails(integer)',
    async drainBatch() {
      const { rows } = await ctx.db.query<DueMail>('select * from private.take_message_mails($1)', [ctx.config.messageMailDelaySeconds]);
      for (const due of rows) {
        await sendMail(ctx, messageMail(ctx.config.auth.siteUrl, due)).catch((error: Error) =>
          console.error('[messages] a message mail was not sent:', error.message),
        );
      }
      return rows.length;
    },
  });
}
