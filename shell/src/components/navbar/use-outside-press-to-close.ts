import { useEffect, type RefObject } from 'react';

/**
 * A tap or click outside the navbar folds the open phone menu back, as people expect of a menu
 * (Escape alone left touch users tapping Menu again). Pointer-down, so it closes as the finger
 * lands rather than after the page has acted on the tap; captured, so a page that stops the
 * event's propagation does not keep the menu open. Taps inside the navbar (its links, Menu itself)
 * are left to their own handlers.
 */
export function useOutsidePressToClose(open: boolean, close: () => void, navbar: RefObject<HTMLElement>) {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: Event) => {
      if (event.target instanceof Node && navbar.current?.contains(event.target)) return;
      close();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [open, close, navbar]);
}
