import { useMediaQuery } from 'shared/ui';
import { GRID_COLUMN_QUERIES } from '../gridColumns';

/** How many cards the grid's first row holds at the current width (their photos load eagerly). */
export function useFirstRowCount(): number {
  const fourBesideMap = useMediaQuery(GRID_COLUMN_QUERIES.fourBesideMap);
  const threeBesideMap = useMediaQuery(GRID_COLUMN_QUERIES.threeBesideMap);
  const twoBesideMap = useMediaQuery(GRID_COLUMN_QUERIES.twoBesideMap);
  const three = useMediaQuery(GRID_COLUMN_QUERIES.three);
  const two = useMediaQuery(GRID_COLUMN_QUERIES.two);
  if (fourBesideMap) return 4;
  if (threeBesideMap) return 3;
  if (twoBesideMap) return 2;
  if (three) return 3;
  if (two) return 2;
  return 1;
}
