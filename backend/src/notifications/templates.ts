// One mail template per notification kind (issue 42, item 4): what each side is told at each step
// of a booking. A template only chooses: the opening lines, the booking's facts to show and the
// buttons; render.ts lays them out once, as MJML (the HTML part) and as plain text, in the
// site's look. The title and the body come from the database (private.notification_text), so
// the mail says what the in-app list says.

/** public.notifications.data, as private.notify fills it (the facts it found, then the event's). */
export interface NotificationData {
  title: string;
  body: string;
  role: 'guest' | 'host';
  /** The page the notification leads to (a trip, /hosting). */
  path: string;
  accept_path?: string;
  decline_path?: string;
  room_title?: string;
  city?: string;
  country?: string;
  start_date?: string;
  end_date?: string;
  nights?: number;
  guests?: number;
  guest_name?: string;
  host_name?: string;
  total?: number;
  currency?: string;
  refund?: number;
  payout_amount?: number;
  payout_currency?: string;
  code?: string;
  answer_by?: string;
}

export const NOTIFICATION_KINDS = [
  'booking_requested',
  'booking_accepted',
  'booking_declined',
  'booking_expired',
  'booking_confirmed',
  'booking_cancelled',
  'review_invitation',
  'payout_sent',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A booking's fact a mail may show, in the order of this list. */
export type Fact = 'guest' | 'place' | 'checkIn' | 'checkout' | 'nights' | 'guests' | 'total' | 'refund' | 'payout' | 'code';

export interface Action {
  label: string;
  path: string;
  /** The secondary look (outlined): the second of two choices. */
  secondary?: boolean;
}

export interface MailTemplate {
  /** What a mail program shows beside the subject. */
  preheader: string;
  /** Lines after the body. */
  lines: string[];
  facts: Fact[];
  actions: Action[];
}

const STAY: Fact[] = ['place', 'checkIn', 'checkout', 'nights', 'guests'];

const TEMPLATES: Record<NotificationKind, (d: NotificationData) => MailTemplate> = {
  booking_requested: (d) => ({
    preheader: `${d.guest_name ?? 'A guest'} would like to stay at ${d.room_title ?? 'your place'}.`,
    lines: ['Nothing is charged until you accept: the card is held until then. If you do not answer in time, the request expires and the hold is released.'],
    facts: ['guest', ...STAY, 'total'],
    actions: [
      { label: 'Accept', path: d.accept_path ?? d.path },
      { label: 'Decline', path: d.decline_path ?? d.path, secondary: true },
    ],
  }),
  booking_accepted: (d) => ({
    preheader: 'Your host said yes. Here is your stay.',
    lines: ['Your card has been charged. Your itinerary, the receipt and the cancellation policy are on your trip.'],
    facts: [...STAY, 'total', 'code'],
    actions: [{ label: 'View your trip', path: d.path }],
  }),
  booking_declined: () => ({
    preheader: 'Your request was declined; nothing was charged.',
    lines: ['You have not been charged. Other places may be free on your dates.'],
    facts: STAY,
    actions: [{ label: 'Find another place', path: '/home' }],
  }),
  booking_expired: () => ({
    preheader: 'The host did not answer in time; nothing was charged.',
    lines: ['You have not been charged. Other places may be free on your dates.'],
    facts: STAY,
    actions: [{ label: 'Find another place', path: '/home' }],
  }),
  booking_confirmed: (d) =>
    d.role === 'host'
      ? {
          preheader: `${d.guest_name ?? 'A guest'} booked ${d.room_title ?? 'your place'}.`,
          lines: ['The nights are now booked in your calendar.'],
          facts: ['guest', ...STAY, 'total', 'code'],
          actions: [{ label: 'See your reservations', path: d.path }],
        }
      : {
          preheader: 'Your itinerary: the place, the dates and your receipt.',
          lines: ['Your receipt and the cancellation policy are on your trip, and you can message your host from there.'],
          facts: [...STAY, 'total', 'code'],
          actions: [{ label: 'View itinerary', path: d.path }],
        },
  booking_cancelled: (d) =>
    d.role === 'host'
      ? {
          preheader: `${d.guest_name ?? 'Your guest'} cancelled their stay.`,
          lines: ['The nights are free again in your calendar.'],
          facts: ['guest', ...STAY, 'refund'],
          actions: [{ label: 'See your reservations', path: d.path }],
        }
      : {
          preheader: 'Your host cancelled your stay.',
          lines: ['The refund goes back to the card you paid with.'],
          facts: [...STAY, 'refund', 'code'],
          actions: [{ label: 'View your trip', path: d.path }],
        },
  review_invitation: (d) => ({
    preheader: d.role === 'host' ? 'Review your guest.' : 'Tell others about your stay.',
    lines: ['You have 14 days from checkout. Both reviews are published when both are in, or when the 14 days end.'],
    facts: d.role === 'host' ? ['guest', 'place', 'checkIn', 'checkout'] : ['place', 'checkIn', 'checkout'],
    actions: [{ label: 'Write a review', path: d.path }],
  }),
  payout_sent: (d) => ({
    preheader: 'Your payout is on its way.',
    lines: ['Your earnings page lists each stay and its payout.'],
    facts: ['payout', 'place', 'checkIn', 'checkout'],
    actions: [{ label: 'See your earnings', path: d.path }],
  }),
};

export function mailTemplate(kind: NotificationKind, data: NotificationData): MailTemplate {
  return TEMPLATES[kind](data);
}
