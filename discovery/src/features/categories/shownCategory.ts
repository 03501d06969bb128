import type { RootState } from 'shared/store';
import { CATEGORIES } from 'shared/rules';
import { selectSelectedCategory } from 'shared/state';
import { isRestrictingSearch, selectLastSearch } from '../search';

/**
 * The category the grid shows and the strip marks: the URL's, else the first one while browsing;
 * a search shows every category until one is chosen ('').
 */
export function selectShownCategory(state: RootState): string {
  const chosen = selectSelectedCategory(state);
  if (chosen !== '') return chosen;
  return isRestrictingSearch(selectLastSearch(state)) ? '' : CATEGORIES[0]!;
}
