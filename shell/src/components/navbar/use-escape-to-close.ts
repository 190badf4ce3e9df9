import { useEffect, type RefObject } from 'react';

/**
 * Escape folds the phone menu back, as a disclosure does. The focus returns to the Menu button
 * when it was in the navbar (on a link that is about to vanish) or nowhere; focus elsewhere on the
 * page stays where it is. Listened on the document, since a tap on Menu does not focus it in
 * every browser (Safari), and skipped when a page's own Escape (a dialog, an edit form) handled it.
 */
export function useEscapeToClose(open: boolean, close: () => void, navbar: RefObject<HTMLElement>, toggle: RefObject<HTMLElement>) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const focused = document.activeElement;
      close();
      if (!focused || focused === document.body || navbar.current?.contains(focused)) toggle.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, close, navbar, toggle]);
}
