import { ADMIN_KEY, SESSION_ENDED_KEY, TOKEN_KEY } from './storage-keys';

/**
 * The session held in the browser (spec §3): the bearer token under localStorage 'token' and the
 * admin flag under 'isAdmin' (storage-keys.ts). One instance per page: the session kernel is the
 * page's one Module Federation singleton of ours (issue 26); React reads it with shared-api's
 * useToken() / useIsAdmin().
 */

type Listener = () => void;
const listeners = new Set<Listener>();
let storageHooked = false;

/**
 * Used only while localStorage refuses to work (privacy mode, quota, a sandboxed frame): the
 * session then lives for this page only instead of breaking sign-in. A successful write drops the
 * copy, so it cannot resurrect a token another tab removed.
 */
const memory = new Map<string, string>();

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null; // reading window.localStorage itself throws when storage is blocked
  }
}

function read(key: string): string | null {
  const s = storage();
  if (s) {
    try {
      // A value whose write failed lives only in memory (a successful write drops that copy).
      return s.getItem(key) ?? memory.get(key) ?? null;
    } catch {
      /* fall through to the page-only copy */
    }
  }
  return memory.get(key) ?? null;
}

function write(key: string, value: string | null): void {
  const s = storage();
  let stored = false;
  try {
    if (s) {
      if (value === null) s.removeItem(key);
      else s.setItem(key, value);
      stored = true;
    }
  } catch {
    stored = false;
  }
  if (value === null || stored) memory.delete(key);
  else memory.set(key, value);
}

/**
 * The "the server ended it" mark lives in sessionStorage (this tab only, gone with the tab), not in
 * module state: any copy of this module on the page, and any part that redirects, reads the same mark.
 */
let endedInMemory = false;
function markEnded(ended: boolean): void {
  endedInMemory = ended;
  try {
    if (ended) window.sessionStorage.setItem(SESSION_ENDED_KEY, '1');
    else window.sessionStorage.removeItem(SESSION_ENDED_KEY);
  } catch {
    /* storage blocked: the page-only flag above still answers for this page */
  }
}
function endedMarked(): boolean {
  try {
    return window.sessionStorage.getItem(SESSION_ENDED_KEY) === '1' || endedInMemory;
  } catch {
    return endedInMemory;
  }
}

const notify = () => listeners.forEach((listener) => listener());

function onStorage(event: StorageEvent): void {
  // Another tab signed in or out (key null = that tab cleared all of localStorage).
  if (event.key === null || event.key === TOKEN_KEY || event.key === ADMIN_KEY) notify();
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
    markEnded(false);
    write(TOKEN_KEY, token);
    write(ADMIN_KEY, options.admin ? 'true' : null);
    notify();
  },
  /** Sign out (Logout; a session the server ended goes through endSession()). */
  clear(): void {
    markEnded(false);
    write(TOKEN_KEY, null);
    write(ADMIN_KEY, null);
    notify();
  },
  /**
   * The server ended the session (spec §4/§8): like clear(), but marked first, so whatever reacts
   * to the change (a route guard, the session-ended handler) already knows why.
   */
  endSession(): void {
    markEnded(true);
    write(TOKEN_KEY, null);
    write(ADMIN_KEY, null);
    notify();
  },
  /** True from endSession() until the next sign-in or sign-out, while no token is held. */
  sessionEndedByServer(): boolean {
    return endedMarked() && !read(TOKEN_KEY);
  },
  /** For useSyncExternalStore: called on every change in this tab and in other tabs. */
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
