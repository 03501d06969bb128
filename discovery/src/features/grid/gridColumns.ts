import { BREAKPOINTS } from 'shared/rules';

/** The grid's column counts by width; ListingGrid.module.css uses the same widths. */
export const GRID_COLUMN_QUERIES = {
  two: `(min-width: ${BREAKPOINTS.smallCardsUpTo + 1}px)`,
  three: '(min-width: 951px)',
  four: '(min-width: 1129px)',
  five: '(min-width: 1641px)',
} as const;
