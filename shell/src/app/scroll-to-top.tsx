import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A new page opens at its top (BrowserRouter keeps the old scroll position otherwise: "Manage my
 * links" at the bottom of the dashboard would open the links page half-way down). Only the path
 * counts, so a page changing its own query string (?userId=) keeps its place.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
