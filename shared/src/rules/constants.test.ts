import { describe, expect, it } from 'vitest';
import * as c from './constants';

// The spec's section 9 numbers and fixed texts, one row each, so an edit that drifts from the
// spec fails here with the spec's value beside it.
describe('business constants match the spec', () => {
  it.each<[string, unknown, unknown]>([
    ['guests: adults plus children max', c.MAX_ADULTS_AND_CHILDREN, 16],
    ['guests: infants max', c.MAX_INFANTS, 5],
    ['guests: pets max', c.MAX_PETS, 5],
    ['guests: adults min', c.MIN_ADULTS, 1],
    ["nights of a card's free stay", c.CARD_STAY_NIGHTS, 5],
    ['calendar months rendered', c.CALENDAR_MONTHS_RENDERED, 23],
    ['calendar last page', c.CALENDAR_MAX_PAGE, 20],
    ['dial dots', c.DIAL_DOTS, 12],
    ['dial default', c.DIAL_DEFAULT, 3],
    ['month cards', c.MONTH_CARD_COUNT, 12],
    ['stay lengths', c.STAY_DURATIONS, ['weekend', 'week', 'month']],
    ['nights of a flexible stay', c.STAY_NIGHTS, { weekend: 2, week: 7, month: 28 }],
    ['shown date format', c.SHOWN_DATE_FORMAT, 'dd MMM'],
    ['dial date format', c.DIAL_DATE_FORMAT, 'MMM d'],
    ['grid page size', c.GRID_PAGE_SIZE, 16],
    ['category page size', c.CATEGORY_PAGE_SIZE, 2000],
    ['skeletons', c.SKELETON_COUNTS, { initial: 50, fetchingMore: 12, categories: 28 }],
    ['infinite scroll trigger', c.INFINITE_SCROLL_TRIGGER_PX, 500],
    ['category arrows above', c.CATEGORY_ARROWS_ABOVE_COUNT, 8],
    ['category scroll items', c.CATEGORY_SCROLL_ITEMS, 7],
    ['card carousel step', c.CARD_CAROUSEL_STEP_PX, 301.91],
    [
      'breakpoints',
      c.BREAKPOINTS,
      { overlayClosesFrom: 751, smallCardsUpTo: 743, narrowSearchUpTo: 743, hoverPhotosAbove: 550, reviewSummaryFrom: 824, detailSmallUpTo: 920 },
    ],
    ['start-scroll max', c.START_SCROLL_MAX_PX, 21],
    ['sticky nav threshold', c.STICKY_NAV_THRESHOLD_PX, 566],
    ['animations', c.ANIMATION_MS, { calendarModal: 200, panelFade: 300 }],
    ['toast durations', c.TOAST_DURATION_MS, { error: 4000, success: 2000, info: 4000 }],
    ['toast limit', c.TOAST_LIMIT, 20],
    ['redirect delays', c.REDIRECT_DELAY_MS, { tripsToLogin: 1000, accountSettingsToRoot: 1000, bookingToLogin: 2000, paymentToTrips: 3000 }],
    ['wishlist guard', c.WISHLIST_FETCH_GUARD_MS, 1000],
    ['login dialog delay', c.LOGIN_DIALOG_DELAY_MS, 50],
    ['carousel interval', c.CAROUSEL_INTERVAL_MS, 5000],
    ['carousel slide', c.CAROUSEL_SLIDE_MS, 1000],
    ['listing carousel images', c.LISTING_CAROUSEL_IMAGE_COUNT, 7],
    ['rating shown above', c.RATING_SHOWN_ABOVE, 2],
    ['stars', c.RATING_MAX_STARS, 5],
    [
      'review categories',
      c.REVIEW_CATEGORIES.map(({ label }) => label),
      ['Cleanliness', 'Accuracy', 'Check-in', 'Communication', 'Location', 'Value'],
    ],
    ['review window', c.REVIEW_WINDOW_DAYS, 14],
    ['free cancellation', c.FREE_CANCELLATION_HOURS, 48],
    ['map zoom', c.MAP_ZOOM, 17],
    ['approximate location radius', c.APPROXIMATE_LOCATION_RADIUS_M, 800],
    ['area map zoom', c.AREA_MAP_ZOOM, 14],
    ['exact location note', c.EXACT_LOCATION_AFTER_BOOKING, 'Exact location provided after booking.'],
    ['currency label', c.CURRENCY_LABEL, '$ USD'],
    ['footer currency', c.FOOTER_CURRENCY_LABEL, '$ Dollar'],
    ['language', c.LANGUAGE_LABEL, 'English (IN)'],
    ['copyright year', c.COPYRIGHT_YEAR, 2025],
    ['footer breadcrumb', c.FOOTER_BREADCRUMB, ['United states', 'California', 'Los Angeles']],
    ['calendar hint chips', c.CALENDAR_HINT_CHIPS.map((chip) => chip.label), ['Exact dates', '1 day', '2 days', '3 days', '7 days', '14 days']],
    ['calendar hint chip days', c.CALENDAR_HINT_CHIPS.map((chip) => chip.days), [0, 1, 2, 3, 7, 14]],
    [
      'wide search regions',
      c.SEARCH_REGIONS.map((r) => r.label),
      ["I'm flexible", 'Europe', 'Thailand', 'Southeast Asia', 'United Arab Emirates', 'Middle East'],
    ],
    [
      'overlay regions',
      c.MOBILE_SEARCH_REGIONS.map((r) => r.label),
      ["I'm flexible", 'Arizona', 'Europe', 'Thailand', 'Southeast Asia', 'United Arab Emirates', 'Middle East', 'Indonesia', 'United States'],
    ],
    ['flexible region value', c.SEARCH_REGIONS[0]?.value, 'all'],
  ])('%s', (_name, actual, spec) => {
    expect(actual).toEqual(spec);
  });

  it('the category strip holds about 60 names, each once, starting with the spec examples', () => {
    expect(c.CATEGORIES).toHaveLength(60);
    expect(new Set(c.CATEGORIES).size).toBe(c.CATEGORIES.length);
    expect(c.CATEGORIES.slice(0, 18)).toEqual([
      'Amazing pools', 'Farms', 'OMG!', 'Tiny homes', 'Beach', 'Cabins', 'Castles', 'Luxe', 'Rooms',
      'Tropical', 'Domes', 'Skiing', 'Surfing', 'Yurts', 'Barns', 'Riads', 'Trulli', 'Lake',
    ]);
  });
});
