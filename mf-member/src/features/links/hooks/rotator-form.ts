import { LINK_URL_PATTERN, type OnFinish, type RotationMode, type RotatorSettings, type UpdateRotatorBody } from '@rotalink/shared-api';

/** The settings form as typed (the window as text, so a half-typed number is not lost). */
export interface RotatorFormValues {
  mode: RotationMode;
  onFinish: OnFinish;
  backupUrl: string;
  windowHours: string;
  filterBots: boolean;
  /** Issue 16: mail the owner when a link reaches its cap / when the queue becomes empty. */
  notifyLinkCompleted: boolean;
  notifyQueueEmpty: boolean;
}

export type RotatorFormErrors = Partial<Record<'backupUrl' | 'windowHours', string>>;

export const MAX_WINDOW_HOURS = 720;

/** One sentence per mode, as the member reads it next to the choice (issue 14). */
export const MODE_TEXT: Record<RotationMode, { label: string; sentence: string }> = {
  fulfillment: {
    label: 'Fulfillment (in order)',
    sentence: 'Every visitor goes to the first link of the queue until it reaches its max clicks, then to the next one.',
  },
  round_robin: {
    label: 'Round robin',
    sentence: 'Visitors take turns: each one goes to the next open link after the one the previous visitor got.',
  },
  random: { label: 'Random', sentence: 'Each visitor goes to a link picked at random among the links that are still open.' },
  spillover: {
    label: 'Spillover',
    sentence: "A visitor's first visit goes to the first open link, their next visit to the second, and so on.",
  },
  // Issue 30 (decision 0154): what the member needs to trust it — it learns from conversions, keeps testing, never breaks a cap.
  optimize: {
    label: 'Optimize for earnings',
    sentence:
      'More visitors go to the open link that earns the most per click, learned from your conversions (postbacks or pixel) and updated with every sale. ' +
      'Every open link still gets at least 5% of the visitors, so a link that starts slowly keeps being tested, and max clicks are never exceeded. ' +
      'Without conversions yet, visitors are spread evenly.',
  },
};

export const FINISH_TEXT: Record<OnFinish, string> = {
  page: 'Send visitors to my public page',
  backup: 'Send visitors to a backup URL',
  restart: 'Start the queue again (every link back to 0 clicks)',
};

export const toFormValues = (s: RotatorSettings): RotatorFormValues => ({
  mode: s.mode,
  onFinish: s.on_finish,
  backupUrl: s.backup_url ?? '',
  windowHours: String(s.unique_window_hours),
  filterBots: s.filter_bots,
  notifyLinkCompleted: s.notify_link_completed,
  notifyQueueEmpty: s.notify_queue_empty,
});

/** Says what to do, in the words of the form (the server sends the same text). */
export const BACKUP_URL_REQUIRED = 'Enter a backup URL, or choose another option for when the queue is finished.';

export const BACKUP_URL_RULE = "Backup URL must start with 'https://' or 'www.'";

/** The fields with a message, in the order the form shows them (the first one takes the focus). */
export const ERROR_FIELD_ORDER: readonly (keyof RotatorFormErrors)[] = ['backupUrl', 'windowHours'];

/** The browser's check mirrors the server's texts (the server checks again). */
export function validateRotatorForm(v: RotatorFormValues): RotatorFormErrors {
  const errors: RotatorFormErrors = {};
  const url = v.backupUrl.trim();
  // Only the chosen finish is checked: a left-over typed value must not block saving the rest
  // (toUpdateBody leaves it out, so the server keeps its stored one).
  if (v.onFinish === 'backup' && !url) errors.backupUrl = BACKUP_URL_REQUIRED;
  else if (v.onFinish === 'backup' && !LINK_URL_PATTERN.test(url)) errors.backupUrl = BACKUP_URL_RULE;
  if (!/^\d+$/.test(v.windowHours.trim()) || Number(v.windowHours) > MAX_WINDOW_HOURS) {
    errors.windowHours = `Unique window (hours) must be a whole number from 0 to ${MAX_WINDOW_HOURS}.`;
  }
  return errors;
}

/** The message an edit of `key` makes stale: its own, and the backup URL's when the choice changes. */
export function errorFieldOf(key: keyof RotatorFormValues): keyof RotatorFormErrors | null {
  if (key === 'onFinish' || key === 'backupUrl') return 'backupUrl';
  return key === 'windowHours' ? 'windowHours' : null;
}

/**
 * The backup URL to send, or undefined to leave it out: when it is not the chosen finish, an empty
 * or invalid typed value is not sent (the contract: only sent fields change), so the server keeps
 * the stored one instead of refusing or clearing it.
 */
function backupUrlToSend(v: RotatorFormValues): string | undefined {
  const url = v.backupUrl.trim();
  if (v.onFinish === 'backup' || (url && LINK_URL_PATTERN.test(url))) return url;
  return undefined;
}

export function toUpdateBody(v: RotatorFormValues, userId: string): UpdateRotatorBody {
  const backupUrl = backupUrlToSend(v);
  return {
    user_id: userId,
    mode: v.mode,
    on_finish: v.onFinish,
    ...(backupUrl === undefined ? {} : { backup_url: backupUrl }),
    unique_window_hours: Number(v.windowHours.trim()),
    filter_bots: v.filterBots,
    notify_link_completed: v.notifyLinkCompleted,
    notify_queue_empty: v.notifyQueueEmpty,
  };
}
