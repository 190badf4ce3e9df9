import { tokenStore } from './token-store';
import { ADMIN_KEY, TOKEN_KEY } from './storage-keys';

afterEach(() => {
  jest.restoreAllMocks();
  tokenStore.clear();
  localStorage.clear();
});

describe('tokenStore', () => {
  it("keeps the token under localStorage 'token' and the admin flag beside it", () => {
    tokenStore.setSession('member-token');
    expect(localStorage.getItem('token')).toBe('member-token');
    expect(tokenStore.getToken()).toBe('member-token');
    expect(tokenStore.isAdmin()).toBe(false);

    tokenStore.setSession('admin-token', { admin: true });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('admin-token');
    expect(localStorage.getItem(ADMIN_KEY)).toBe('true');
    expect(tokenStore.isAdmin()).toBe(true);
  });

  it('a member sign-in after an admin one drops the admin flag', () => {
    tokenStore.setSession('admin-token', { admin: true });
    tokenStore.setSession('member-token');
    expect(tokenStore.isAdmin()).toBe(false);
    expect(localStorage.getItem(ADMIN_KEY)).toBeNull();
  });

  it('clear removes the token and the admin flag', () => {
    tokenStore.setSession('admin-token', { admin: true });
    tokenStore.clear();
    expect(tokenStore.getToken()).toBeNull();
    expect(tokenStore.isAdmin()).toBe(false);
    expect(localStorage.length).toBe(0);
  });

  it('notifies subscribers on sign-in and sign-out until they unsubscribe', () => {
    const listener = jest.fn();
    const unsubscribe = tokenStore.subscribe(listener);
    tokenStore.setSession('t');
    tokenStore.clear();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    tokenStore.setSession('t2');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("notices another tab's sign-in and sign-out", () => {
    const listener = jest.fn();
    const unsubscribe = tokenStore.subscribe(listener);
    localStorage.setItem(TOKEN_KEY, 'from-other-tab');
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY, newValue: 'from-other-tab' }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(tokenStore.getToken()).toBe('from-other-tab');

    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(tokenStore.getToken()).toBeNull();

    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('keeps the session for the page when localStorage refuses writes', () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() => tokenStore.setSession('t', { admin: true })).not.toThrow();
    expect(tokenStore.getToken()).toBe('t');
    expect(tokenStore.isAdmin()).toBe(true);
    tokenStore.clear();
    expect(tokenStore.getToken()).toBeNull();
  });

  it('keeps working when reading localStorage throws', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    jest.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(tokenStore.getToken()).toBeNull();
    tokenStore.setSession('t');
    expect(tokenStore.getToken()).toBe('t');
    expect(() => tokenStore.clear()).not.toThrow();
    expect(tokenStore.getToken()).toBeNull();
  });

  it('keeps working when window.localStorage itself cannot be touched', () => {
    const original = Object.getOwnPropertyDescriptor(window, 'localStorage');
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    try {
      tokenStore.setSession('t');
      expect(tokenStore.getToken()).toBe('t');
      tokenStore.clear();
      expect(tokenStore.getToken()).toBeNull();
    } finally {
      if (original) Object.defineProperty(window, 'localStorage', original);
    }
  });

  it('a token another tab removed is not brought back from the page-only copy', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementationOnce(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    tokenStore.setSession('only-in-memory');
    setItem.mockRestore();
    tokenStore.setSession('stored');
    localStorage.removeItem(TOKEN_KEY); // the other tab signs out
    expect(tokenStore.getToken()).toBeNull();
  });

  it('a session the server ended is marked before anyone hears the token is gone, until the next sign-in or sign-out', () => {
    tokenStore.setSession('member-token');
    const seen: boolean[] = [];
    const unsubscribe = tokenStore.subscribe(() => seen.push(tokenStore.sessionEndedByServer()));
    tokenStore.endSession();
    unsubscribe();
    expect(seen).toEqual([true]); // a route guard re-rendering on the change already knows why
    expect(tokenStore.getToken()).toBeNull();
    // The mark is in sessionStorage, so a second copy of this module on the page reads it too.
    expect(sessionStorage.getItem('sessionEndedByServer')).toBe('1');

    tokenStore.setSession('again');
    expect(tokenStore.sessionEndedByServer()).toBe(false);
    tokenStore.endSession();
    tokenStore.clear(); // Logout is not "ended by the server"
    expect(tokenStore.sessionEndedByServer()).toBe(false);
  });
});
