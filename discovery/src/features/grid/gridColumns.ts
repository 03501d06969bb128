import { BREAKPOINTS } from 'shared/rules';

/**
 * The grid's column counts by width; ListingGrid.module.css uses the same widths. From
 * BREAKPOINTS.mapBesideListFrom the results map takes about 40% of the page beside the grid, so
 * the grid has fewer columns there than just below it.
 */
export const GRID_COLUMN_QUERIES = {
  two: `(min-width: ${BREAKPOINTS.smallCardsUpTo + 1}px)`,
  three: '(min-width: 951px)',
  twoBesideMap: `(min-width: ${BREAKPOINTS.mapBesideListFrom}px)`,
  threeBesideMap: '(min-width: 1440px)',
  fourBesideMap: '(min-width: 1880px)',
} as const;
