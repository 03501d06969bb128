// Mail for booking notifications (issue 42, item 4): private.notify queues a mail with each
// notification (migration 20261204000200_notifications.sql); this drains the queue at once (no
// delay: a request to answer or a cancellation cannot wait), renders the kind's template (HTML
// and plain text, render.ts) and sends it through sendMail (the outbox, or SMTP). Every backend
// process on one database drains (NOTIFY notification_mail, and a poll); a mail is taken by one
// of them (mailQueue.ts). On hosted Supabase nothing drains the queue (README, Notifications).
import type { BackendContext } from '../context.ts';
import { sendMail } from '../auth/mail.ts';
import { queuedMailer } from '../mailQueue.ts';
import { renderNotificationMail, type DueNotification } from './render.ts';

interface DueMail extends DueNotification {
  notification_id: string;
  email: string;
}

export function notificationMailer(ctx: BackendContext) {
  return queuedMailer(ctx, {
    name: 'notifications',
    channel: 'notification_mail',
    procedure: 'private.take_notification_mails()',
    async drainBatch() {
      const { rows } = await ctx.db.query<DueMail>('select * from private.take_notification_mails()');
      for (const due of rows) {
        await renderNotificationMail(ctx.config.auth.siteUrl, due)
          .then((mail) => sendMail(ctx, { to: due.email, ...mail }))
          .catch((error: Error) => console.error(`[notifications] notification ${due.notification_id}'s mail was not sent:`, error.message));
      }
      return rows.length;
    },
  });
}
