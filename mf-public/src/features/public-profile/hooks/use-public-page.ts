import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { errorKind, errorText, getPublicLinks, getPublicProfile, MESSAGES, type AboutProfile, type Link } from '@rotalink/shared-api';

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
 * The visitor page's data: the owner's profile and the two link lists, fetched in parallel.
 * reloadLinks() keeps the current lists on screen while it fetches (no flicker, no layout shift);
 * a stale answer (an older request finishing last) is ignored.
 */
export function usePublicPage(userId: string) {
  const [profile, setProfile] = useState<ProfileState>({ status: 'loading' });
  const [links, setLinks] = useState<LinksState>({ status: 'loading' });
  const linksRequest = useRef(0);
  const profileRequest = useRef(0);

  const loadProfile = useCallback(() => {
    const request = ++profileRequest.current;
    setProfile({ status: 'loading' });
    getPublicProfile(userId).then(
      (data) => request === profileRequest.current && setProfile({ status: 'ready', profile: data }),
      (error) =>
        request === profileRequest.current &&
        setProfile(isUnknownProfile(error) ? { status: 'not-found' } : { status: 'error', text: profileFailure(error) }),
    );
  }, [userId]);

  const loadLinks = useCallback(
    (mode: 'initial' | 'reload') => {
      const request = ++linksRequest.current;
      setLinks((current) => (mode === 'reload' && current.status === 'ready' ? { ...current, reloading: true } : { status: 'loading' }));
      getPublicLinks(userId).then(
        (data) => {
          if (request !== linksRequest.current) return;
          setLinks({ status: 'ready', pending: data?.pending ?? [], completed: data?.completed ?? [], reloading: false });
        },
        (error) => {
          if (request !== linksRequest.current) return;
          setLinks((current) => {
            if (mode === 'reload' && current.status === 'ready') {
              toast.error(linksFailure(error)); // the lists stay; say they may be stale
              return { ...current, reloading: false };
            }
            return { status: 'error', text: linksFailure(error) };
          });
        },
      );
    },
    [userId],
  );

  useEffect(() => {
    if (!userId) return;
    const counters = [profileRequest, linksRequest]; // request counters, not DOM refs
    loadProfile();
    loadLinks('initial');
    return () => {
      // Leaving the page (or a new userId): answers still on their way are dropped.
      counters.forEach((counter) => counter.current++);
    };
  }, [userId, loadProfile, loadLinks]);

  const reloadLinks = useCallback(() => loadLinks('reload'), [loadLinks]);
  const retryLinks = useCallback(() => loadLinks('initial'), [loadLinks]);
  return { profile, links, reloadLinks, retryLinks, retryProfile: loadProfile };
}
