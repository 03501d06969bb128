import { useState } from 'react';
import { MobileSearch } from './MobileSearch';
import { WideSearchBar } from './WideSearchBar';
import styles from './SearchBar.module.css';

/**
 * The full bar above 743px, the search pill and overlay at 743px and narrower. Both are rendered
 * and CSS shows the one the screen's width calls for, so the server's HTML is already what each
 * screen shows (nothing moves when scripts run). An open overlay stays until the window is 751px
 * or wider (where it closes itself), even between the two.
 */
export function SearchBar() {
  const [overlayOpen, setOverlayOpen] = useState(false);
  return (
    <>
      {!overlayOpen && (
        <div className={styles.wide}>
          <WideSearchBar />
        </div>
      )}
      <div className={overlayOpen ? styles.open : styles.narrow}>
        <MobileSearch onOpenChange={setOverlayOpen} />
      </div>
    </>
  );
}
