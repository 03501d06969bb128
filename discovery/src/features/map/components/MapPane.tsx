/**
 * The results map's place on /home. The server renders it empty, its size set by the page's CSS
 * (beside the list on wide screens, hidden behind 'Show map' on narrower ones), so nothing moves
 * when the map arrives. The map's code, and the world's data it fetches, load once the pane is
 * on screen after hydration: at once beside the list, on a phone only when 'Show map' shows it.
 */
import { Suspense, lazy, useEffect, useRef, useState } from 'react';

const ResultsMap = lazy(() => import('./ResultsMap'));

export function MapPane({ className }: { className?: string }) {
  const pane = useRef<HTMLDivElement>(null);
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    const element = pane.current;
    if (!element || onScreen) return;
    // A pane hidden by `display: none` never intersects; shown, it does.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setOnScreen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [onScreen]);
  return (
    <div ref={pane} className={className}>
      {onScreen && (
        <Suspense fallback={null}>
          <ResultsMap />
        </Suspense>
      )}
    </div>
  );
}
