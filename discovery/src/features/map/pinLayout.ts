/**
 * Which homes on the results map get a full price pin and which a dot, as Airbnb's map does:
 * pins are laid out in the list's order (the best-ranked homes first), and a home whose pin
 * would overlap one already placed is drawn as a small dot instead, so no pin covers another
 * (a covered pin can be neither read nor clicked). The highlighted and the selected home are
 * placed before all others, so they always get a pin and never cover one. Zooming in spreads
 * the homes apart and more of them become pins. Pure, and quadratic in the pins on screen (the
 * list loads 16 to a few hundred homes: well under a millisecond).
 */
import type { Point } from './mapView';

/** A home's pin: its centre on the map and its size, in pixels. */
export interface PinBox extends Point {
  id: number;
  width: number;
  height: number;
}

export interface PinSize {
  width: number;
  height: number;
}

/** The space kept between two pins (their shadows, and a finger's slack between two targets). */
export const PIN_GAP_PX = 4;

// The pin's look in ResultsMap.module.css (.pin): 14px bold text (--text-sm) on the page's 1.45
// line height, 6px by 10px of padding. Inter's bold figures and '$' are at most 0.66em wide, so
// the estimate is a pixel or two wider than the pill, never narrower.
const PIN_FONT_PX = 14;
const PIN_LINE_HEIGHT = 1.45;
const PIN_PADDING_X_PX = 10;
const PIN_PADDING_Y_PX = 6;
const PIN_CHAR_EM = 0.66;

/** The size of the pill that shows `label` (such as '$120'), estimated from the pin's CSS. */
export function pinSize(label: string): PinSize {
  return {
    width: Math.ceil(label.length * PIN_CHAR_EM * PIN_FONT_PX + 2 * PIN_PADDING_X_PX),
    height: Math.ceil(PIN_FONT_PX * PIN_LINE_HEIGHT + 2 * PIN_PADDING_Y_PX),
  };
}

/** Whether two pins, each centred on its point, come closer than `gap` pixels. */
function overlap(a: PinBox, b: PinBox, gap: number): boolean {
  return Math.abs(a.x - b.x) < (a.width + b.width) / 2 + gap && Math.abs(a.y - b.y) < (a.height + b.height) / 2 + gap;
}

/**
 * The ids of the homes that get a full pin. `homes` are in the list's order; `first` (the
 * selected and the highlighted home, and the pin the keyboard is on, when on the map) are placed
 * before them and always get a pin, even over each other. Every other home gets one when its pin keeps `gap` pixels from each
 * pin placed before it; the rest are dots.
 */
export function layOutPins(homes: readonly PinBox[], first: readonly number[] = [], gap = PIN_GAP_PX): Set<number> {
  const always = new Set(first);
  const order = [
    ...[...always].flatMap((id) => homes.filter((home) => home.id === id).slice(0, 1)),
    ...homes.filter((home) => !always.has(home.id)),
  ];
  const placed: PinBox[] = [];
  for (const home of order) {
    if (always.has(home.id) || !placed.some((pin) => overlap(pin, home, gap))) placed.push(home);
  }
  return new Set(placed.map((pin) => pin.id));
}
