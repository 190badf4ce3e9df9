import { useSyncExternalStore } from 'react';
import { TIMINGS } from '@rotalink/shared-api';
import { loadedToastLibrary, subscribeToastLibrary } from '../federation/toasts-wanted';

/**
 * The one toast container (spec §9: top-right, 5000 ms; below the navbar, global.css .rl-toasts),
 * mounted once a page has loaded react-toastify (federation/toasts-wanted.ts, decision 0092).
 */
export function Toasts() {
  const library = useSyncExternalStore(subscribeToastLibrary, loadedToastLibrary, loadedToastLibrary);
  if (!library) return null;
  const { ToastContainer } = library;
  return <ToastContainer position="top-right" autoClose={TIMINGS.toastAutoCloseMs} className="rl-toasts" />;
}
