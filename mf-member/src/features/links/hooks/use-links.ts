import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import {
  MESSAGES,
  addLink,
  deleteLink,
  errorText,
  getMemberLinks,
  reorderLinks,
  resetLink,
  updateLink,
  type Link,
  type MemberLink,
  type MemberLinkLists,
} from '@rotalink/shared-api';
import { pollMemberLinks } from '@rotalink/shared-api/live';
import { useAsyncData } from '../../../components/use-async-data';
import { useVisiblePolling } from '../../../components/live/use-visible-polling';
import { toAddLinkBody, toUpdateLinkBody, type LinkFormValues } from './link-form';
import { moveId, orderWithLinkAhead, unlimitedAhead } from './queue-order';

export type FormResult = { ok: true } | { ok: false; error: string };

/**
 * One profile's link lists and the actions on them. Every change reloads the lists from the
 * server, which owns the queue order (reset moves a link to the end, DESIGN §6); a reorder shows
 * the new order at once and then the server's answer.
 */
export function useLinks(userId: string, enabled: boolean) {
  const lists = useAsyncData(() => getMemberLinks(userId), [userId], enabled);
  /** The link whose reset/delete is running: its buttons are disabled meanwhile. */
  const [busyLinkId, setBusyLinkId] = useState<string | null>(null);
  const [reordering, setReordering] = useState(false);
  /** The link just added, while it sits behind an unlimited link (issue 13, defect 3). */
  const [addedId, setAddedId] = useState<string | null>(null);

  // Live counts (issue 15): a conditional poll while the page is visible shows visitors' clicks
  // without Refresh. It pauses while an action of the member runs, and an answer that arrives
  // during one is dropped, so it never overwrites what the action shows.
  const busy = reordering || busyLinkId !== null || lists.refreshing;
  const busyRef = useRef(busy);
  busyRef.current = busy;
  const lastPolled = useRef<MemberLinkLists | null>(null);
  const polling = useVisiblePolling(
    async () => {
      const answer = await pollMemberLinks(userId);
      // The same object as last time: a 304, nothing new (shared-api's LiveAnswer).
      if (answer.data === lastPolled.current || busyRef.current) return;
      lastPolled.current = answer.data;
      lists.replace(answer.data);
    },
    { enabled: enabled && lists.state.status === 'ready' && !busy },
  );

  const reload = async () => {
    try {
      await lists.refresh();
    } catch (error) {
      toast.error(errorText(error, MESSAGES.loadLinksFailed, { serverText: false }));
    }
  };

  /** Resolves ok when the link was added; a failure shows the server's error (spec §8). */
  const add = async (values: LinkFormValues): Promise<FormResult> => {
    let added: Link;
    try {
      const result = await addLink(toAddLinkBody(values, userId));
      toast.success(result.message || 'Link added.');
      added = result.link;
    } catch (error) {
      const text = errorText(error, MESSAGES.somethingWentWrong);
      toast.error(text);
      return { ok: false, error: text };
    }
    try {
      const fresh = await getMemberLinks(userId);
      lists.replace(fresh);
      // Warn now, while the member is here: behind an ∞ link it would never be reached.
      setAddedId(unlimitedAhead(fresh.pending, added.id) ? added.id : null);
    } catch {
      toast.error(MESSAGES.loadLinksFailed);
    }
    return { ok: true };
  };

  const edit = async (link: Link, values: LinkFormValues): Promise<FormResult> => {
    try {
      const current = (link as Link & { click_param?: string | null }).click_param ?? null;
      const result = await updateLink(toUpdateLinkBody(values, link.id, userId, current));
      toast.success(result.message || 'Link updated.');
      await reload();
      return { ok: true };
    } catch (error) {
      const text = errorText(error, MESSAGES.somethingWentWrong);
      toast.error(text);
      return { ok: false, error: text };
    }
  };

  /** Sends a new queue order; shown at once, then replaced by what the server holds. */
  const applyOrder = async (ids: string[]): Promise<boolean> => {
    const current = lists.state.data;
    if (!current || reordering) return false;
    const byId = new Map(current.pending.map((l) => [l.id, l]));
    lists.replace({ ...current, pending: ids.map((id) => byId.get(id)).filter((l): l is MemberLink => Boolean(l)) });
    setReordering(true);
    try {
      const answer = await reorderLinks(userId, ids);
      lists.replace({ pending: answer.pending, paused: answer.paused, completed: answer.completed });
      return true;
    } catch (error) {
      // Usually the queue changed meanwhile (a click completed a link): show the server's order.
      toast.error(errorText(error, MESSAGES.somethingWentWrong));
      await reload();
      return false;
    } finally {
      setReordering(false);
    }
  };

  const move = (from: number, to: number) => {
    const pending = lists.state.data?.pending ?? [];
    if (to < 0 || to >= pending.length || from === to) return Promise.resolve(false);
    return applyOrder(
      moveId(
        pending.map((l) => l.id),
        from,
        to,
      ),
    );
  };

  const moveAhead = async (linkId: string) => {
    const pending = lists.state.data?.pending ?? [];
    if (await applyOrder(orderWithLinkAhead(pending, linkId))) {
      setAddedId(null);
      toast.success('Moved ahead of the unlimited link.');
    }
  };

  const runLinkAction = async (link: Link, action: typeof resetLink) => {
    setBusyLinkId(link.id);
    try {
      const result = await action({ link_id: link.id, user_id: userId });
      if (result?.message) toast.success(result.message);
      await reload();
    } catch (error) {
      // spec §8: a reset or delete failure is an alert with the error or 'An error occurred.'
      window.alert(errorText(error, MESSAGES.anErrorOccurred));
    } finally {
      setBusyLinkId(null);
    }
  };

  const reset = async (link: Link) => {
    const label = link.name || link.link;
    // Issue 29: a reset cannot be undone (its count goes); ask first, as Delete does.
    if (!window.confirm(`Reset the link "${label}"? Its count goes back to 0 and it moves to the end of the queue.`)) return;
    await runLinkAction(link, resetLink);
  };

  const remove = async (link: Link) => {
    const label = link.name || link.link;
    if (!window.confirm(`Delete the link "${label}"? Its clicks are lost.`)) return;
    await runLinkAction(link, deleteLink);
  };

  return {
    lists,
    /** True while live updates fail (the lists on screen may be behind). */
    stale: polling.failures > 0,
    busyLinkId,
    reordering,
    reload,
    add,
    edit,
    move,
    moveAhead,
    reset,
    remove,
    addedId,
    dismissWarning: () => setAddedId(null),
  };
}
