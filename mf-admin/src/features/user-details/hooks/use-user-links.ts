import { useMemo } from 'react';
import { getUserLinks, type Link } from '@rotalink/shared-api';
import { useUserRead } from '../../../hooks/use-user-read';

/** Spec §4: completed once clicks reach max_clicks; an unlimited link (null) never completes. */
export const isCompleted = (link: Link) => link.max_clicks !== null && link.clicks >= link.max_clicks;

export const LINKS_FAILED_MESSAGE = "Could not load this user's links.";
const FAILURE = { message: LINKS_FAILED_MESSAGE, log: 'Loading the user links failed' };
const readLinks = async (userId: string) => {
  const answer = await getUserLinks(userId);
  return Array.isArray(answer?.links) ? answer.links : [];
};

/** The user's links, split into the pending queue and the completed list. */
export function useUserLinks(userId: string | null, handleAccessError: (err: unknown) => boolean) {
  const { data, loading, error, reload } = useUserRead(userId, readLinks, handleAccessError, FAILURE);
  const { pending, completed } = useMemo(() => {
    const links = data ?? [];
    return { pending: links.filter((l) => !isCompleted(l)), completed: links.filter(isCompleted) };
  }, [data]);
  return { pending, completed, loading, error, reload };
}
