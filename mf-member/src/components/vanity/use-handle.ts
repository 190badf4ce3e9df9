import { useState } from 'react';
import { errorText, getHandle, HANDLE, isHandleShaped, normaliseHandle, updateHandle, type HandleState } from '@rotalink/shared-api';
import { useAsyncData } from '../use-async-data';

/** What the browser can say before asking (the server says the rest: reserved, taken, look-alike). */
export function handleProblem(input: string): string | undefined {
  const handle = normaliseHandle(input);
  if (handle === '') return undefined; // '' removes the handle
  if (handle.length < HANDLE.min) return `A handle needs at least ${HANDLE.min} characters.`;
  if (handle.length > HANDLE.max) return `A handle can have at most ${HANDLE.max} characters.`;
  if (!isHandleShaped(handle))
    return 'A handle may use only the letters a-z, digits and hyphens, and must start and end with a letter or digit.';
  return undefined;
}

/** Issue 32: one profile's handle — read, saved, removed — with the server's refusal shown by the field. */
export function useHandle(userId: string) {
  const state = useAsyncData<HandleState>(() => getHandle(userId), [userId]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState<string | undefined>();
  const [current, setCurrent] = useState<HandleState | undefined>();

  const save = async (input: string) => {
    setSaved(undefined);
    const problem = handleProblem(input);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      const answer = await updateHandle(userId, normaliseHandle(input) || null);
      setCurrent(answer.state);
      setSaved(answer.message);
    } catch (e) {
      setError(errorText(e, 'The handle could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  const data = current ?? (state.state.status === 'ready' ? state.state.data : undefined);
  return { state: state.state, retry: state.retry, data, save, saving, error, saved };
}
