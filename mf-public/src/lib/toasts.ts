import type { toast as Toast } from 'react-toastify';

type ToastApi = typeof Toast;
let library: Promise<ToastApi> | null = null;

/**
 * react-toastify (a shared singleton, ~9 KB gzip) is fetched when a page first has something to
 * say, not with the page: the visitor page paints without it (decision 0092, the budget that makes
 * room for TanStack Query), and the shell mounts its one container when the library is loaded.
 * A page may call this early (a click starts it beside its request) so the toast is not late.
 */
export function loadToasts(): Promise<ToastApi> {
  library ??= import('react-toastify').then(
    (module) => module.toast,
    (error: unknown) => {
      library = null; // offline for a moment: the next toast tries again
      throw error;
    },
  );
  return library;
}

/** Shows a toast as soon as the library is in; a library that cannot load shows nothing. */
export function toastLater(show: (toast: ToastApi) => void): void {
  loadToasts().then(show, () => undefined);
}
