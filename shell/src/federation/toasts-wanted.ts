import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { ToastContainer } from 'react-toastify';

type Toastify = { ToastContainer: typeof ToastContainer };

/**
 * react-toastify as a page loaded it, or null while no page has (decision 0092). The shell mounts
 * its one toast container only then, so a page that never toasts — the visitor page until a
 * click — downloads none of the library; a toast sent before the container is up waits in the
 * library's own queue.
 */
let library: Toastify | null = null;
const listeners = new Set<() => void>();

export const loadedToastLibrary = (): Toastify | null => library;

export function subscribeToastLibrary(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Registered for every federation instance (the remotes' too). It takes the very copy the page
 * got from the share scope, so the container and the page's `toast` are one singleton whichever
 * app provided it — and the shell never asks the share scope itself, which would make the runtime
 * fetch every registered remote's entry to compare versions. A remote needs to know nothing of
 * this: an old one importing the library with its page still gets its toasts.
 */
export const watchToastLibrary = (): ModuleFederationRuntimePlugin => ({
  name: 'rotalink-toasts-wanted',
  afterLoadShare(args) {
    const lib = args.selectedShared?.lib;
    if (args.pkgName !== 'react-toastify' || library || typeof lib !== 'function') return;
    library = lib() as Toastify;
    // Out of the runtime's call (it may run while React renders a page that imports the library).
    queueMicrotask(() => listeners.forEach((listener) => listener()));
  },
});
