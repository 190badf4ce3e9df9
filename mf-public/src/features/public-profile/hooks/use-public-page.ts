import { useCallback, useEffect, useId, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorKind, errorText, getPublicLinks, getPublicProfile, MESSAGES, type AboutProfile, type Link } from '@rotalink/shared-api';
import { queryClient } from '../../../lib/query-client';
import { toastLater } from '../../../lib/toasts';

export type ProfileState =
  { status: 'loading' } | { status: 'ready'; profile: AboutProfile } | { status: 'not-found' } | { status: 'error'; text: string };

export type LinksState =
  { status: 'loading' } | { status: 'ready'; pending: Link[]; completed: Link[]; reloading: boolean } | { status: 'error'; text: string };

/** A malformed id ('invalid') and an unknown one ('not-found') both mean: there is no such page. */
const isUnknownProfile = (error: unknown) => ['not-found', 'invalid'].includes(errorKind(error));
/** Spec §8's fixed texts, or "temporarily unavailable" when the API is away for a moment. */
const profileFailure = (error: unknown) => errorText(error, MESSAGES.loadProfileFailed, { serverText: false });
const linksFailure = (error: unknown) => errorText(error, MESSAGES.loadLinksFailed, { serverText: false });

/**
 * The visitor page's data: the owner's profile and the two link lists, fetched in parallel through
 * TanStack Query (mf-public's queryClient, issue 26). reloadLinks() keeps the current lists on
 * screen while it fetches (no flicker, no layout shift); a stale answer never shows.
 */
export function usePublicPage(userId: string) {
  const id = useId();
  const profileKey = ['mf-public', id, 'profile', userId];
  const linksKey = ['mf-public', id, 'links', userId];
  const profileQuery = useQuery({ queryKey: profileKey, queryFn: () => getPublicProfile(userId), enabled: Boolean(userId) }, queryClient);
  const linksQuery = useQuery({ queryKey: linksKey, queryFn: () => getPublicLinks(userId), enabled: Boolean(userId) }, queryClient);

  let profile: ProfileState = { status: 'loading' };
  if (profileQuery.isFetching && profileQuery.isError) profile = { status: 'loading' };
  else if (profileQuery.data !== undefined) profile = { status: 'ready', profile: profileQuery.data };
  else if (profileQuery.isError)
    profile = isUnknownProfile(profileQuery.error)
      ? { status: 'not-found' }
      : { status: 'error', text: profileFailure(profileQuery.error) };

  let links: LinksState = { status: 'loading' };
  const lists = linksQuery.data;
  if (lists !== undefined) {
    links = { status: 'ready', pending: lists?.pending ?? [], completed: lists?.completed ?? [], reloading: linksQuery.isFetching };
  } else if (linksQuery.isError && !linksQuery.isFetching) links = { status: 'error', text: linksFailure(linksQuery.error) };

  // A reload that fails keeps the lists on screen and says they may be stale, once per failure.
  const { error: linksError, errorUpdatedAt } = linksQuery;
  const hasLists = lists !== undefined;
  useEffect(() => {
    if (linksError && hasLists) toastLater((toast) => toast.error(linksFailure(linksError)));
  }, [linksError, errorUpdatedAt, hasLists]);

  const keys = useRef({ profileKey, linksKey });
  keys.current = { profileKey, linksKey };
  const reloadLinks = useCallback(() => void queryClient.refetchQueries({ queryKey: keys.current.linksKey, exact: true }), []);
  const retryLinks = useCallback(() => void queryClient.resetQueries({ queryKey: keys.current.linksKey, exact: true }), []);
  const retryProfile = useCallback(() => void queryClient.resetQueries({ queryKey: keys.current.profileKey, exact: true }), []);
  return { profile, links, reloadLinks, retryLinks, retryProfile };
}
