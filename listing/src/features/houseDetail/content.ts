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

/** The two sleeping places, shown with the listing's sleep_bed_1_link and sleep_bed_2_link. */
export const SLEEPING_PLACES: readonly [SleepingPlace, SleepingPlace] = [
  { room: 'Bedroom 1', beds: '1 queen bed' },
  { room: 'Bedroom 2', beds: '2 single beds' },
];

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
