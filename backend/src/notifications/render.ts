// A notification's mail: the kind's template (templates.ts) laid out once in two parts. The HTML
// part is MJML, which turns one layout into the table-based HTML with inlined styles that mail
// programs need and stacks it on a phone; the plain-text part says the same from the same pieces
// (the greeting, the body, the facts, each button as its link). The look is the site's: its brand
// colour, text and border colours (shared/src/ui/tokens.css), rounded buttons and a white card.
// Everything from the data is escaped in the HTML, and the subject is one line.
import mjml2html from 'mjml';
import { mailTemplate, type Action, type Fact, type NotificationData, type NotificationKind } from './templates.ts';

/** The site's colours (shared/src/ui/tokens.css), as mail needs them: literal values. */
const COLOURS = { brand: '#e0004d', text: '#222222', muted: '#5e5e5e', border: '#dddddd', page: '#f7f7f7', surface: '#ffffff' };
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export interface NotificationMail {
  subject: string;
  text: string;
  html: string;
}

export interface DueNotification {
  kind: NotificationKind;
  recipient_name: string | null;
  data: NotificationData;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One line: a name or a title cannot add a header or a line of its own. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const DAY = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const day = (iso: string) => DAY.format(new Date(`${iso}T00:00:00Z`));

/** An amount as the site shows it: $ for dollars, else the currency's code. */
export function money(amount: number, currency = 'usd'): string {
  const code = currency.toUpperCase();
  const figure = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(amount));
  return code === 'USD' ? `$${figure}` : `${code} ${figure}`;
}

/** A fact's label and value, when the data has it. */
function factRow(fact: Fact, d: NotificationData): [string, string] | null {
  const place = d.room_title && [d.room_title, [d.city, d.country].filter(Boolean).join(', ')].filter(Boolean).join(' · ');
  switch (fact) {
    case 'guest':
      return d.guest_name ? ['Guest', d.guest_name] : null;
    case 'place':
      return place ? ['Place', place] : null;
    case 'checkIn':
      return d.start_date ? ['Check-in', day(d.start_date)] : null;
    case 'checkout':
      return d.end_date ? ['Checkout', day(d.end_date)] : null;
    case 'nights':
      return d.nights ? ['Nights', String(d.nights)] : null;
    case 'guests':
      return d.guests ? ['Guests', `${d.guests} ${d.guests === 1 ? 'guest' : 'guests'}`] : null;
    case 'total':
      return d.total !== undefined ? ['Total', money(d.total, d.currency)] : null;
    case 'refund':
      return d.refund !== undefined ? ['Refund', money(d.refund, d.currency)] : null;
    case 'payout':
      return d.payout_amount !== undefined ? ['Payout', money(d.payout_amount, d.payout_currency ?? d.currency)] : null;
    case 'code':
      return d.code ? ['Reservation code', d.code] : null;
  }
}

const link = (siteUrl: string, path: string) => new URL(path, siteUrl).href;

function button(action: Action, siteUrl: string): string {
  const look = action.secondary
    ? `background-color="${COLOURS.surface}" color="${COLOURS.text}" border="1px solid ${COLOURS.text}"`
    : `background-color="${COLOURS.brand}" color="#ffffff" border="1px solid ${COLOURS.brand}"`;
  return `<mj-button ${look} href="${escapeHtml(link(siteUrl, action.path))}" border-radius="8px" font-size="16px" font-weight="600" inner-padding="12px 24px" padding="0 0 12px" align="left">${escapeHtml(action.label)}</mj-button>`;
}

export async function renderNotificationMail(siteUrl: string, due: DueNotification): Promise<NotificationMail> {
  const d = due.data;
  const template = mailTemplate(due.kind, d);
  const greeting = due.recipient_name ? `Hi ${oneLine(due.recipient_name)},` : 'Hi,';
  const facts = template.facts.map((fact) => factRow(fact, d)).filter((row): row is [string, string] => row !== null);

  const factTable = facts.length
    ? `<mj-table padding="8px 24px 16px" font-size="15px" line-height="22px" color="${COLOURS.text}">
${facts.map(([label, value]) => `<tr style="border-top:1px solid ${COLOURS.border}"><td style="padding:8px 12px 8px 0;color:${COLOURS.muted};white-space:nowrap">${escapeHtml(label)}</td><td style="padding:8px 0;text-align:right;font-weight:600">${escapeHtml(value)}</td></tr>`).join('\n')}
</mj-table>`
    : '';
  const buttons = template.actions.map((action) => button(action, siteUrl));
  // Each button in a column of its own: side by side (Accept, Decline) on a wide screen, one
  // under the other on a phone.
  const actionSection = `<mj-section background-color="${COLOURS.surface}" border-radius="0 0 16px 16px" padding="8px 24px 12px" text-align="left">
${buttons.map((b) => `<mj-column width="${buttons.length > 1 ? '136px' : '100%'}">${b}</mj-column>`).join('\n')}
</mj-section>`;

  const source = `<mjml lang="en">
<mj-head>
  <mj-title>${escapeHtml(oneLine(d.title))}</mj-title>
  <mj-preview>${escapeHtml(template.preheader)}</mj-preview>
  <mj-attributes>
    <mj-all font-family="${FONT}" />
    <mj-text color="${COLOURS.text}" font-size="16px" line-height="24px" padding="0 24px 12px" />
  </mj-attributes>
</mj-head>
<mj-body background-color="${COLOURS.page}" width="560px">
  <mj-section padding="24px 12px 12px">
    <mj-column><mj-text font-size="22px" font-weight="700" color="${COLOURS.brand}" padding="0 12px">homestory</mj-text></mj-column>
  </mj-section>
  <mj-wrapper background-color="${COLOURS.surface}" border="1px solid ${COLOURS.border}" border-radius="16px" padding="0">
    <mj-section background-color="${COLOURS.surface}" border-radius="16px 16px 0 0" padding="24px 0 0">
      <mj-column>
        <mj-text font-size="24px" line-height="30px" font-weight="700" padding="0 24px 16px">${escapeHtml(d.title)}</mj-text>
        <mj-text>${escapeHtml(greeting)}</mj-text>
        <mj-text>${escapeHtml(d.body)}</mj-text>
        ${template.lines.map((line) => `<mj-text color="${COLOURS.muted}">${escapeHtml(line)}</mj-text>`).join('\n')}
        ${factTable}
      </mj-column>
    </mj-section>
    ${actionSection}
  </mj-wrapper>
  <mj-section padding="16px 12px 32px">
    <mj-column>
      <mj-text font-size="13px" line-height="20px" color="${COLOURS.muted}" padding="0 12px">You receive this mail because of a booking on Homestory. Your notifications are also in the app: ${escapeHtml(link(siteUrl, '/notifications'))}</mj-text>
    </mj-column>
  </mj-section>
</mj-body>
</mjml>`;
  const { html, errors } = await mjml2html(source, { validationLevel: 'strict' });
  if (errors.length) throw new Error(`the ${due.kind} mail's template is not valid MJML: ${errors.map((e) => e.formattedMessage).join('; ')}`);

  const width = Math.max(0, ...facts.map(([label]) => label.length)) + 2;
  const text = [
    greeting,
    '',
    d.body,
    ...template.lines.flatMap((line) => ['', line]),
    ...(facts.length ? ['', ...facts.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`)] : []),
    '',
    ...template.actions.map((action) => `${action.label}: ${link(siteUrl, action.path)}`),
    '',
    '-- ',
    'Homestory',
    `Your notifications: ${link(siteUrl, '/notifications')}`,
    '',
  ].join('\n');
  return { subject: oneLine(d.title), text, html };
}
