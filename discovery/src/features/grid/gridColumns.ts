import { BREAKPOINTS } from 'shared/rules';

/**
 * From this width /home's results map sits beside the list (issue 31; Airbnb's width for it);
 * narrower, it is behind 'Show map'. Home.module.css and ListingGrid.module.css use it too.
 */
const MAP_BESIDE_LIST_FROM_PX = 1128;

/**
 * The grid's column counts by width; ListingGrid.module.css uses the same widths. From
 * MAP_BESIDE_LIST_FROM_PX the results map takes about 40% of the page beside the grid, so the
 * grid has fewer columns there than just below it.
 */
export const GRID_COLUMN_QUERIES = {
  two: `(min-width: ${BREAKPOINTS.smallCardsUpTo + 1}px)`,
  three: '(min-width: 951px)',
  twoBesideMap: `(min-width: ${MAP_BESIDE_LIST_FROM_PX}px)`,
  threeBesideMap: '(min-width: 1440px)',
  fourBesideMap: '(min-width: 1880px)',
} as const;
