/**
 * The listing page's icons and the texts it derives from a listing's own data: its sleeping
 * places (from its counts) and safety notes (from its amenities). The spec's fixed highlight,
 * amenity and host texts are the seed catalogue's data now (shared/rules/listingFacts).
 */
import type { LucideIcon } from 'lucide-react';
import {
  AirVent,
  AlarmSmoke,
  ArrowUpDown,
  Bath,
  Car,
  CookingPot,
  Heater,
  KeyRound,
  Laptop,
  PawPrint,
  SquareParking,
  Thermometer,
  Tv,
  WashingMachine,
  Waves,
  Wifi,
  Wind,
} from 'lucide-react';
import { AMENITY_NAMES, SAFETY_AMENITIES, type AmenityKey } from 'shared/rules';

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

/** An icon for each amenity name shownAmenities gives (shared/rules/listingFacts). */
export const AMENITY_ICONS: Readonly<Record<string, LucideIcon>> = {
  Kitchen: CookingPot,
  WiFi: Wifi,
  'Free on-street parking': Car,
  'Private hot tub': Bath,
  'Pets allowed': PawPrint,
  TV: Tv,
  Lift: ArrowUpDown,
  'Air conditioning': AirVent,
  Heating: Thermometer,
  Washer: WashingMachine,
  Dryer: Wind,
  'Dedicated workspace': Laptop,
  'Free parking on premises': SquareParking,
  Pool: Waves,
  'Carbon monoxide alarm': Heater,
  'Smoke alarm': AlarmSmoke,
};

export const FALLBACK_AMENITY_ICON: LucideIcon = KeyRound;

/** "Safety & property": each alarm, as listed or as not reported. */
export function safetyNotes(amenities: readonly AmenityKey[]): string[] {
  return SAFETY_AMENITIES.map((key) => (amenities.includes(key) ? AMENITY_NAMES[key] : `${AMENITY_NAMES[key]} not reported`));
}
