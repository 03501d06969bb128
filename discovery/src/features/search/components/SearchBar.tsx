import { BREAKPOINTS } from 'shared/rules';
import { useMediaQuery } from '../../../hooks/useMediaQuery';
import { MobileSearch } from './MobileSearch';
import { WideSearchBar } from './WideSearchBar';

/** The full bar above 743px, the search pill and overlay at 743px and narrower. */
export function SearchBar() {
  const narrow = useMediaQuery(`(max-width: ${BREAKPOINTS.narrowSearchUpTo}px)`);
  return narrow ? <MobileSearch /> : <WideSearchBar />;
}
