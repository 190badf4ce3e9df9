import { useState } from 'react';
import { toast } from 'react-toastify';
import { MESSAGES, addLink, deleteLink, getMemberLinks, resetLink, type Link } from '@rotalink/shared-api';
import { errorText } from '../../../components/api-error';
import { useAsyncData } from '../../../components/use-async-data';
import { toAddLinkBody, type LinkFormValues } from './link-form';

/**
 * One profile's link lists and the actions on them. Every change reloads the lists from the
 * server, which owns the queue order (reset moves a link to the end, DESIGN §6).
 */
export function useLinks(userId: string, enabled: boolean) {
  const lists = useAsyncData(() => getMemberLinks(userId), [userId], enabled);
  /** The link whose reset/delete is running: its buttons are disabled meanwhile. */
  const [busyLinkId, setBusyLinkId] = useState<string | null>(null);

  const reload = async () => {
    try {
      await lists.refresh();
    } catch {
      toast.error(MESSAGES.loadLinksFailed);
    }
  };

  /** Resolves true when the link was added; a failure shows the server's error (spec §8). */
  const add = async (values: LinkFormValues): Promise<{ ok: true } | { ok: false; error: string }> => {
    try {
      const result = await addLink(toAddLinkBody(values, userId));
      toast.success(result.message || 'Link added.');
      await reload();
      return { ok: true };
    } catch (error) {
      const text = errorText(error, MESSAGES.somethingWentWrong);
      toast.error(text);
      return { ok: false, error: text };
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
      window.alert((error instanceof Error && error.message) || MESSAGES.anErrorOccurred);
    } finally {
      setBusyLinkId(null);
    }
  };

  const reset = (link: Link) => runLinkAction(link, resetLink);

  const remove = async (link: Link) => {
    const label = link.name || link.link;
    if (!window.confirm(`Delete the link "${label}"? Its clicks are lost.`)) return;
    await runLinkAction(link, deleteLink);
  };

  return { lists, busyLinkId, reload, add, reset, remove };
}
