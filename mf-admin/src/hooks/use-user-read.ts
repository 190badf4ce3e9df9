import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '@rotalink/shared-api';
import { queryClient } from '../lib/query-client';

/**
 * One read about the user a page shows (the user and their links, their clicks), through TanStack
 * Query (this remote's queryClient, issue 26): loaded when the user is known, again on `reload`;
 * an answer for an earlier user or after unmount never shows. A failure goes first to
 * `handleFailure` (access errors: 403 notice, 401 → /admin; a page may also handle its own, e.g. a
 * user that is gone), which returns true when it dealt with it; other failures become `error`, the
 * page's fixed text (or the unavailable text on a 503). `loading` is true from the first render
 * when the user is known, so a page never shows an empty answer before the read has even started.
 */
export function useUserRead<T>(
  userId: string | null,
  read: (userId: string) => Promise<T>,
  handleFailure: (err: unknown) => boolean,
  failure: { message: string; log: string },
) {
  const id = useId();
  const readRef = useRef(read);
  readRef.current = read;
  const queryKey = ['mf-admin', id, userId];
  const query = useQuery({ queryKey, queryFn: () => readRef.current(userId as string), enabled: userId !== null }, queryClient);
  const { message, log } = failure;

  // Each failure is judged once, when it arrives: handled by the page, or shown as this text.
  const [judged, setJudged] = useState<{ of: unknown; text: string | null } | null>(null);
  useEffect(() => {
    if (!query.error) return;
    if (handleFailure(query.error)) return setJudged({ of: query.error, text: null });
    console.error(log, query.error);
    setJudged({ of: query.error, text: errorText(query.error, message, { serverText: false }) });
  }, [query.error, handleFailure, message, log]);
  const unjudged = Boolean(query.error) && judged?.of !== query.error;

  const keyRef = useRef(queryKey);
  keyRef.current = queryKey;
  const reload = useCallback(async () => {
    await queryClient.refetchQueries({ queryKey: keyRef.current, exact: true });
  }, []);

  return {
    data: query.data ?? null,
    loading: userId !== null && (query.isFetching || unjudged),
    error: query.isFetching || judged?.of !== query.error ? null : (judged?.text ?? null),
    reload,
  };
}
