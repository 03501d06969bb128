import { useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'shared/router';

/**
 * Every new page starts at the top: a link, a redirect or Reserve changes the path and the
 * window is scrolled to 0 before the new page paints (a single-page app otherwise keeps the
 * previous page's offset, so the booking page opened at the listing's bottom). Back and forward
 * (POP) are left to the browser, which puts the reader back where they were. Changes of the
 * query or hash alone (search criteria, section links) keep the position.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef(pathname);
  useLayoutEffect(() => {
    if (pathname === shownPath.current) return;
    shownPath.current = pathname;
    if (navigationType !== NavigationType.Pop) window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
