/**
 * The session held in the browser (spec §3): the bearer token under localStorage 'token' and the
 * admin flag under 'isAdmin'. One instance per page (shared as a Module Federation singleton);
 * React reads it with useSyncExternalStore(tokenStore.subscribe, tokenStore.getToken).
 */
export const TOKEN_KEY = 'token';
export const ADMIN_KEY = 'isAdmin';

type Listener = () => void;
const listeners = new Set<Listener>();
let storageHooked = false;

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null; // storage disabled (privacy mode): the session then lives for the page only
  }
}
const memory = new Map<string, string>();
const read = (key: string) => storage()?.getItem(key) ?? memory.get(key) ?? null;
function write(key: string, value: string | null) {
  const s = storage();
  if (value === null) {
    s?.removeItem(key);
    memory.delete(key);
  } else {
    try {
      s?.setItem(key, value);
    } catch {
      /* quota or disabled storage: fall back to memory below */
    }
    memory.set(key, value);
  }
}
const notify = () => listeners.forEach((l) => l());

function onStorage(event: StorageEvent) {
  // Another tab signed in or out: drop our memory copy and tell subscribers.
  if (event.key === null || event.key === TOKEN_KEY || event.key === ADMIN_KEY) {
    memory.clear();
    notify();
  }
}

export const tokenStore = {
  getToken(): string | null {
    return read(TOKEN_KEY);
  },
  isAdmin(): boolean {
    return read(ADMIN_KEY) === 'true';
  },
  /** Sign in: a member's token, or the admin's with admin = true. */
  setSession(token: string, options: { admin?: boolean } = {}): void {
    write(TOKEN_KEY, token);
    write(ADMIN_KEY, options.admin ? 'true' : null);
    notify();
  },
  clear(): void {
    write(TOKEN_KEY, null);
    write(ADMIN_KEY, null);
    notify();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    if (!storageHooked && typeof window !== 'undefined') {
      window.addEventListener('storage', onStorage);
      storageHooked = true;
    }
    return () => {
      listeners.delete(listener);
    };
  },
};
export type TokenStore = typeof tokenStore;
