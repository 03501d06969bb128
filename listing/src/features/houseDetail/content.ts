/**
 * The listing page's fixed placeholder texts (discovery spec section 2: "Highlight, sleeping and
 * amenity texts are fixed placeholders"). The numbers and the spec's own texts live in
 * shared/rules/constants.
 */
import type { LucideIcon } from 'lucide-react';
import {
  AirVent,
  AlarmSmoke,
  ArrowUpDown,
  Bath,
  CalendarX,
  Car,
  CookingPot,
  DoorOpen,
  Heater,
  KeyRound,
  MapPin,
  PawPrint,
  Tv,
  Wifi,
} from 'lucide-react';
import { FREE_CANCELLATION_TEXT } from 'shared/rules';

export interface Highlight {
  icon: LucideIcon;
  title: string;
  text: string;
}

export const HIGHLIGHTS: readonly Highlight[] = [
  { icon: DoorOpen, title: 'Self check-in', text: 'Check yourself in with the keypad.' },
  { icon: MapPin, title: 'Great location', text: '95% of recent guests gave the location a 5-star rating.' },
  { icon: CalendarX, title: FREE_CANCELLATION_TEXT, text: 'Get a full refund if you change your mind.' },
];

export interface SleepingPlace {
  room: string;
  beds: string;
}

/** The number a count field starts with ('4 bedrooms' -> 4), or 0. */
export function countOf(field: string | null | undefined): number {
  const match = /^\s*(\d+)/.exec(field ?? '');
  return match ? Number(match[1]) : 0;
}

function bedsText(beds: number, first: boolean): string {
  if (beds <= 0) return 'No bed listed';
  if (beds === 1) return first ? '1 queen bed' : '1 double bed';
  if (beds === 2) return '2 single beds';
  return `1 double bed, ${beds - 1} single beds`;
}

/**
 * "Where you'll sleep", from the listing's own counts: one place per bedroom (a studio has its
 * living area), the beds shared out among them, the first rooms taking any extra bed.
 */
export function sleepingPlaces(bedrooms: number, beds: number): SleepingPlace[] {
  if (bedrooms <= 0) return [{ room: 'Living area', beds: bedsText(Math.max(beds, 1), true) }];
  const each = Math.floor(beds / bedrooms);
  const extra = beds % bedrooms;
  return Array.from({ length: bedrooms }, (_, i) => ({
    room: `Bedroom ${i + 1}`,
    beds: bedsText(each + (i < extra ? 1 : 0), i === 0),
  }));
}

/** An icon for each amenity name of shared/rules/constants AMENITIES. */
export const AMENITY_ICONS: Readonly<Record<string, LucideIcon>> = {
  Kitchen: CookingPot,
  WiFi: Wifi,
  'Free on-street parking': Car,
  'Private hot tub': Bath,
  'Pets allowed': PawPrint,
  TV: Tv,
  Lift: ArrowUpDown,
  'Air conditioning': AirVent,
  'Carbon monoxide alarm': Heater,
  'Smoke alarm': AlarmSmoke,
};

export const FALLBACK_AMENITY_ICON: LucideIcon = KeyRound;

export const SAFETY_NOTES = ['Carbon monoxide alarm not reported', 'Smoke alarm not reported'] as const;
