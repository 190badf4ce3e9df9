import { act, renderHook } from '@testing-library/react';
import { tokenStore } from '../session';
import { useIsAdmin, useToken } from './use-token';

afterEach(() => {
  tokenStore.clear();
  localStorage.clear();
});

it('useToken follows sign-in and sign-out', () => {
  const { result } = renderHook(() => useToken());
  expect(result.current).toBeNull();
  act(() => tokenStore.setSession('t-1'));
  expect(result.current).toBe('t-1');
  act(() => tokenStore.clear());
  expect(result.current).toBeNull();
});

it('useIsAdmin is true only while the admin is signed in', () => {
  const { result } = renderHook(() => useIsAdmin());
  expect(result.current).toBe(false);
  act(() => tokenStore.setSession('a-1', { admin: true }));
  expect(result.current).toBe(true);
  act(() => tokenStore.setSession('m-1'));
  expect(result.current).toBe(false);
});

it('a sign-out in another tab re-renders (storage event)', () => {
  tokenStore.setSession('t-1');
  const { result } = renderHook(() => useToken());
  expect(result.current).toBe('t-1');
  act(() => {
    localStorage.removeItem('token'); // what the other tab did
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
  });
  expect(result.current).toBeNull();
});
