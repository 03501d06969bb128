/**
 * Every business constant, limit, breakpoint and timing of the two specs (section 9 of each,
 * plus the fixed texts they name), defined once. Screens import from here; never repeat a
 * number. The pricing numbers live in ./pricing (self-contained, importing nothing) and are
 * re-exported here.
 */

export { CHECKOUT_SERVICE_FEE_PERCENT } from './pricing';

// ---- Guests -------------------------------------------------------------------------------

/** Adults plus children together. */
export const MAX_ADULTS_AND_CHILDREN = 16;
export const MAX_INFANTS = 5;
export const MAX_PETS = 5;
/** Once there is any guest there is at least one adult. */
export const MIN_ADULTS = 1;

// ---- Search -------------------------------------------------------------------------------

/** A card without a searched stay shows its next free stay of this many nights (the spec's '16-21 May'). */
export const CARD_STAY_NIGHTS = 5;

/** The region value meaning "search by the typed destination". */
export const REGION_ALL = 'all';

export interface RegionOption {
  value: string;
  label: string;
}

/** Wide search bar's region panel, titled 'Search by region'. */
export const SEARCH_REGIONS: readonly RegionOption[] = [
  { value: REGION_ALL, label: "I'm flexible" },
  { value: 'Europe', label: 'Europe' },
  { value: 'Thailand', label: 'Thailand' },
  { value: 'Southeast Asia', label: 'Southeast Asia' },
  { value: 'United Arab Emirates', label: 'United Arab Emirates' },
  { value: 'Middle East', label: 'Middle East' },
];

/** Small-screen overlay's suggested regions. */
export const MOBILE_SEARCH_REGIONS: readonly RegionOption[] = [
  { value: REGION_ALL, label: "I'm flexible" },
  { value: 'Arizona', label: 'Arizona' },
  { value: 'Europe', label: 'Europe' },
  { value: 'Thailand', label: 'Thailand' },
  { value: 'Southeast Asia', label: 'Southeast Asia' },
  { value: 'United Arab Emirates', label: 'United Arab Emirates' },
  { value: 'Middle East', label: 'Middle East' },
  { value: 'Indonesia', label: 'Indonesia' },
  { value: 'United States', label: 'United States' },
];

// ---- Dates, months and flexible stays -----------------------------------------------------

/** Months rendered by the search calendar, and the furthest page it can go to (0-20). */
export const CALENDAR_MONTHS_RENDERED = 23;
export const CALENDAR_MAX_PAGE = 20;
/**
 * Hint chips under the dates calendar: how many days either side of the chosen dates a stay of
 * the same length may start and end ('Exact dates' is 0).
 */
export const CALENDAR_HINT_CHIPS = [
  { label: 'Exact dates', days: 0 },
  { label: '1 day', days: 1 },
  { label: '2 days', days: 2 },
  { label: '3 days', days: 3 },
  { label: '7 days', days: 7 },
  { label: '14 days', days: 14 },
] as const;
/** Calendar weeks run Sunday to Saturday. */
export const WEEKDAY_HEADERS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** Months dial: 12 dots, trip length in months, default 3 (0 displays as 12). */
export const DIAL_DOTS = 12;
export const DIAL_DEFAULT = 3;
/** Flexible mode's month cards, starting at the current month. */
export const MONTH_CARD_COUNT = 12;
export const STAY_DURATIONS = ['weekend', 'week', 'month'] as const;
export type StayDuration = (typeof STAY_DURATIONS)[number];
export const DEFAULT_STAY_DURATION: StayDuration = 'week';
/** The nights a flexible stay of each length asks to be free. */
export const STAY_NIGHTS: Readonly<Record<StayDuration, number>> = { weekend: 2, week: 7, month: 28 };
export const MONTHS_MODE_EMPTY_TEXT = 'Any time';
/** Date formats (date-fns): dates shown in inputs and summaries, and dates under the dial. */
export const SHOWN_DATE_FORMAT = 'dd MMM';
export const DIAL_DATE_FORMAT = 'MMM d';
/** How dates are stored in state and sent to the server. */
export const ISO_DAY_FORMAT = 'yyyy-MM-dd';

// ---- Home: grid and category strip --------------------------------------------------------

export const GRID_PAGE_SIZE = 16;
export const CATEGORY_PAGE_SIZE = 2000;
export const SKELETON_COUNTS = { initial: 50, fetchingMore: 12, categories: 28 } as const;
/** The next grid page loads when the grid's bottom is within this distance of the viewport. */
export const INFINITE_SCROLL_TRIGGER_PX = 500;
/** Scroll arrows show when there are more than this many categories. */
export const CATEGORY_ARROWS_ABOVE_COUNT = 8;
/** One arrow click scrolls this many category items. */
export const CATEGORY_SCROLL_ITEMS = 7;
/** A listing card's photo carousel moves by this width per step. */
export const CARD_CAROUSEL_STEP_PX = 301.91;

/**
 * Category strip entries, in strip order: the Rooms.filter values. The backend seed
 * (backend/src/seed/categories.ts) uses this very list.
 */
export const CATEGORIES: readonly string[] = [
  'Amazing pools',
  'Farms',
  'OMG!',
  'Tiny homes',
  'Beach',
  'Cabins',
  'Castles',
  'Luxe',
  'Rooms',
  'Tropical',
  'Domes',
  'Skiing',
  'Surfing',
  'Yurts',
  'Barns',
  'Riads',
  'Trulli',
  'Lake',
  'Amazing views',
  'Countryside',
  'Design',
  'Treehouses',
  'Lakefront',
  'Islands',
  'Camping',
  'Historical homes',
  'Mansions',
  'Trending',
  'Caves',
  'Arctic',
  'Boats',
  'Cycladic homes',
  'Earth homes',
  'Windmills',
  'Containers',
  'Towers',
  'Vineyards',
  'Golfing',
  'Desert',
  'Top of the world',
  'Off-the-grid',
  'Houseboats',
  'Creative spaces',
  'National parks',
  'Bed & breakfasts',
  'Ryokans',
  'Minsus',
  'Hanoks',
  'Dammusi',
  "Shepherd's huts",
  "Chef's kitchens",
  'Adapted',
  'Ski-in/out',
  'New',
  'Play',
  'Grand pianos',
  'Casas particulares',
  'Campers',
  'Beachfront',
  'A-frames',
];

// ---- Layout: breakpoints and scroll thresholds (px) ---------------------------------------

export const BREAKPOINTS = {
  /** The small-screen search overlay closes at this width or wider. */
  overlayClosesFrom: 751,
  /** Small-screen listing cards at this width or narrower. */
  smallCardsUpTo: 743,
  /** The narrow search bar at this width or narrower. */
  narrowSearchUpTo: 743,
  /** Hovering a card loads its extra photos above this width. */
  hoverPhotosAbove: 550,
  /** The detail page's review summary shows from this width. */
  reviewSummaryFrom: 824,
  /** The detail page's small-screen layout at this width or narrower. */
  detailSmallUpTo: 920,
} as const;
/** The header's start-scroll state is on from scroll 0 up to this. */
export const START_SCROLL_MAX_PX = 21;
/** The detail page's sticky section bar appears after scrolling past this. */
export const STICKY_NAV_THRESHOLD_PX = 566;

// ---- Timings (ms) -------------------------------------------------------------------------

export const ANIMATION_MS = { calendarModal: 200, panelFade: 300 } as const;
/** Toast durations by kind; 'info' takes the toast library's default of 4 s. */
export const TOAST_DURATION_MS = { error: 4000, success: 2000, info: 4000 } as const;
export const TOAST_LIMIT = 20;
export const REDIRECT_DELAY_MS = {
  tripsToLogin: 1000,
  accountSettingsToRoot: 1000,
  bookingToLogin: 2000,
  paymentToTrips: 3000,
} as const;
/** The wishlist fetches its listings at most once within this guard. */
export const WISHLIST_FETCH_GUARD_MS = 1000;
/** The login dialog becomes visible this long after opening. */
export const LOGIN_DIALOG_DELAY_MS = 50;
/** Landing hero carousel, and the listing page's 7-image carousel. */
export const CAROUSEL_INTERVAL_MS = 5000;
export const CAROUSEL_SLIDE_MS = 1000;
export const LISTING_CAROUSEL_IMAGE_COUNT = 7;

// ---- Listing detail: fixed texts and numbers ----------------------------------------------

/** A rating number and star show only when house_rating is above this. */
export const RATING_SHOWN_ABOVE = 2;
export const RATING_MAX_STARS = 5;
export const GUEST_FAVOURITE_VALUE = 'Guest favourite';

/** The six categories a traveller scores a stay in, as the listing page names them. */
export const REVIEW_CATEGORIES = [
  { key: 'cleanliness', label: 'Cleanliness' },
  { key: 'accuracy', label: 'Accuracy' },
  { key: 'check_in', label: 'Check-in' },
  { key: 'communication', label: 'Communication' },
  { key: 'location', label: 'Location' },
  { key: 'value', label: 'Value' },
] as const;

export type ReviewCategory = (typeof REVIEW_CATEGORIES)[number]['key'];

/** A review may be written from the day after checkout through this many days after it. */
export const REVIEW_WINDOW_DAYS = 14;

/** Shown when a listing has no host_name. */
export const DEFAULT_HOST_NAME = 'Homestory host';

export const FREE_CANCELLATION_HOURS = 48;
export const FREE_CANCELLATION_TEXT = `Free cancellation for ${FREE_CANCELLATION_HOURS} hours`;

export const MAP_ZOOM = 17;

/**
 * The approximate area a listing shows to whoever may not know its street (issue 40): a circle of
 * this radius around "Rooms".lat/lng, which the database puts 200 to 600 m from the true point
 * (migration 20261203000100_exact_location.sql), so the circle always holds it.
 */
export const APPROXIMATE_LOCATION_RADIUS_M = 800;
/** The tile map's zoom for an approximate area: the circle is about 200 px across there. */
export const AREA_MAP_ZOOM = 14;
/** What a listing says under its area to whoever has not booked it. */
export const EXACT_LOCATION_AFTER_BOOKING = 'Exact location provided after booking.';

// ---- Labels -------------------------------------------------------------------------------

/** The currency label of the discovery footer and the booking page footer. */
export const CURRENCY_LABEL = '$ USD';
export const FOOTER_CURRENCY_LABEL = '$ Dollar';
export const LANGUAGE_LABEL = 'English (IN)';
export const COPYRIGHT_YEAR = 2025;
export const FOOTER_BREADCRUMB = ['United states', 'California', 'Los Angeles'] as const;
