import type { Link, LinkCheck } from '@rotalink/shared-api';
import { linkLabel } from '../hooks/queue-order';
import type { LinkHealth } from '../hooks/use-link-health';
import { CheckStatus } from './check-result';

interface Props {
  link: Link;
  health: LinkHealth;
  /** Another action on this link (reset, delete, a reorder) is running. */
  disabled?: boolean;
}

/** "Check now" (issue 16): checks the destination at once; the result shows beside the link. */
export function CheckNowButton({ link, health, disabled = false }: Props) {
  const checking = health.checkingId === link.id;
  return (
    <button
      type="button"
      className="mem-btn mem-btn--secondary mem-btn--small"
      disabled={disabled || health.busyLinkId === link.id}
      onClick={() => void health.check(link)}
      aria-label={`Check ${linkLabel(link)} now`}
    >
      {checking ? 'Checking…' : 'Check now'}
    </button>
  );
}

/** Pause (a pending link) or Resume (a paused one). */
export function PauseButton({ link, health, disabled = false, resume = false }: Props & { resume?: boolean }) {
  const label = linkLabel(link);
  return (
    <button
      type="button"
      className={resume ? 'mem-btn mem-btn--small' : 'mem-btn mem-btn--secondary mem-btn--small'}
      disabled={disabled || health.busyLinkId === link.id}
      onClick={() => void (resume ? health.resume(link) : health.pause(link))}
      aria-label={`${resume ? 'Resume' : 'Pause'} ${label}`}
    >
      {resume ? 'Resume' : 'Pause'}
    </button>
  );
}

/**
 * The check shown under a link: a paused link's last check (from the server, updated by each
 * Check now); a pending link's Check now result of this visit.
 */
export function LinkCheckStatus({ link, health, lastCheck }: Pick<Props, 'link' | 'health'> & { lastCheck?: LinkCheck | null }) {
  const paused = lastCheck !== undefined;
  return (
    <CheckStatus
      check={paused ? lastCheck : health.checks[link.id]}
      prefix={paused ? 'Last check' : 'Checked now'}
      error={health.checkErrors[link.id]}
      running={health.checkingId === link.id}
    />
  );
}
