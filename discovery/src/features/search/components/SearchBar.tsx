import { useState } from 'react';
import { BREAKPOINTS } from 'shared/rules';
import { useMediaQuery } from 'shared/ui';
import { MobileSearch } from './MobileSearch';
import { WideSearchBar } from './WideSearchBar';

/**
 * The full bar above 743px, the search pill and overlay at 743px and narrower. An open overlay
 * stays until the window is 751px or wider (where it closes itself), even between the two.
 */
export function SearchBar() {
  const narrow = useMediaQuery(`(max-width: ${BREAKPOINTS.narrowSearchUpTo}px)`);
  const [overlayOpen, setOverlayOpen] = useState(false);
  return narrow || overlayOpen ? <MobileSearch onOpenChange={setOverlayOpen} /> : <WideSearchBar />;
}
