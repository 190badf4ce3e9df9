import { act, renderHook } from '@testing-library/react';
import { tokenStore } from '@rotalink/shared-api';
import { startFromDraft, useFormDraft } from './use-form-draft';

/** A token shaped like the server's (only its subject is read here, never verified). */
const tokenOf = (sub: string) => `h.${btoa(JSON.stringify({ sub, kind: 'member' })).replace(/=+$/, '')}.s`;

type Values = { name: string; password: string };
const EMPTY: Values = { name: '', password: '' };

beforeEach(() => {
  sessionStorage.clear();
  tokenStore.setSession(tokenOf('u_ada'));
});

describe('form drafts (issue 29)', () => {
  it('keeps typed text, never the password, and gives it back to the same person', () => {
    const { rerender } = renderHook(({ values }) => useFormDraft('t', values, EMPTY, ['password']), {
      initialProps: { values: EMPTY },
    });
    rerender({ values: { name: 'Ada', password: 'secret-pass' } });
    expect(sessionStorage.getItem('rotalink:draft:u_ada:t')).toBe(JSON.stringify({ name: 'Ada' }));
    // the session ends and the same member signs in again (a new token, the same subject)
    tokenStore.endSession();
    tokenStore.setSession(tokenOf('u_ada'));
    expect(startFromDraft('t', EMPTY, ['password'])).toEqual({ name: 'Ada', password: '' });
  });

  it("never shows one person's draft to another who signs in later in the same tab", () => {
    const { rerender } = renderHook(({ values }) => useFormDraft('t', values, EMPTY), { initialProps: { values: EMPTY } });
    rerender({ values: { name: 'Ada', password: '' } });
    tokenStore.setSession(tokenOf('u_bob'));
    expect(startFromDraft('t', EMPTY)).toEqual(EMPTY);
    // Bob's own empty form leaves Ada's draft alone
    renderHook(() => useFormDraft('t', EMPTY, EMPTY));
    tokenStore.setSession(tokenOf('u_ada'));
    expect(startFromDraft('t', EMPTY)).toEqual({ name: 'Ada', password: '' });
  });

  it('is no draft when the values are what the form started from, and clear() drops it', () => {
    const saved: Values = { name: 'Saved', password: '' };
    const { rerender, result } = renderHook(({ values }) => useFormDraft('t', values, saved), { initialProps: { values: saved } });
    expect(sessionStorage.length).toBe(0);
    rerender({ values: { name: 'Edited', password: '' } });
    expect(sessionStorage.length).toBe(1);
    act(() => result.current.clear());
    expect(sessionStorage.length).toBe(0);
  });

  it('waits for an edit form to load (null) before keeping anything', () => {
    renderHook(() => useFormDraft<Values>('t', null, null));
    expect(sessionStorage.length).toBe(0);
  });
});
