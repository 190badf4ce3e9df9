import { useEffect, useState } from 'react';
import { errorKind, errorText, MESSAGES, resolveHandle, resolveHost, type ResolvedProfile } from '@rotalink/shared-api';

export type ResolvedState =
  { status: 'loading' } | { status: 'ready'; profile: ResolvedProfile } | { status: 'not-found' } | { status: 'error'; text: string };

/**
 * Issue 32: whose page `/{handle}` or a custom host shows. An unknown handle or host is
 * 'not-found'; the API away is an error with Retry (spec §8's text), never a wrong 404.
 */
export function useResolvedProfile(by: { handle: string } | { host: string }) {
  const key = 'handle' in by ? `h:${by.handle}` : `d:${by.host}`;
  const [state, setState] = useState<ResolvedState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    const ask = key.startsWith('h:') ? resolveHandle(key.slice(2)) : resolveHost(key.slice(2));
    ask.then(
      (profile) => live && setState({ status: 'ready', profile }),
      (error: unknown) =>
        live &&
        setState(
          ['not-found', 'invalid'].includes(errorKind(error))
            ? { status: 'not-found' }
            : { status: 'error', text: errorText(error, MESSAGES.loadProfileFailed, { serverText: false }) },
        ),
    );
    return () => {
      live = false;
    };
  }, [key, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}
