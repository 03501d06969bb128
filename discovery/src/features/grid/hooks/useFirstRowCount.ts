import { useMediaQuery } from 'shared/ui';
import { GRID_COLUMN_QUERIES } from '../gridColumns';

/** How many cards the grid's first row holds at the current width (their photos load eagerly). */
export function useFirstRowCount(): number {
  const five = useMediaQuery(GRID_COLUMN_QUERIES.five);
  const four = useMediaQuery(GRID_COLUMN_QUERIES.four);
  const three = useMediaQuery(GRID_COLUMN_QUERIES.three);
  const two = useMediaQuery(GRID_COLUMN_QUERIES.two);
  if (five) return 5;
  if (four) return 4;
  if (three) return 3;
  if (two) return 2;
  return 1;
}
