import type { Link } from '@rotalink/shared-api';
import { displayHost } from '../hooks/link-target';
import { LinkCounter, linkLabel } from './link-counter';

interface Props {
  pending: Link[];
  busyId: string | null;
  onOpenHead: (link: Link) => void;
  onRefuse: () => void;
}

/**
 * The pending queue (spec §4): only the first link is clickable; the others are greyed and
 * aria-disabled (not `disabled`, so a tap still reaches us and we can say why it is refused).
 */
export function LinkQueue({ pending, busyId, onOpenHead, onRefuse }: Props) {
  const head = pending[0];
  const holdsQueue = head && head.max_clicks === null && pending.length > 1;
  return (
    <>
      <ol className="pub-queue">
        {pending.map((link, index) => {
          const host = displayHost(link.link);
          const label = linkLabel(link, host);
          const isHead = index === 0;
          const busy = busyId === link.id;
          return (
            <li key={link.id} className={`pub-queue__item${isHead ? ' pub-queue__item--head' : ''}`}>
              <button
                type="button"
                className="pub-queue__button"
                aria-label={`Open ${label}`}
                aria-disabled={!isHead || busy ? true : undefined}
                aria-busy={busy || undefined}
                aria-describedby={isHead ? undefined : 'pub-queue-locked'}
                onClick={() => (isHead ? !busy && onOpenHead(link) : onRefuse())}
              >
                <span className="pub-queue__pos" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="pub-queue__body">
                  <span className="pub-queue__name">{label}</span>
                  <span className="pub-queue__host">{host}</span>
                  <LinkCounter link={link} />
                </span>
                <span className="pub-queue__action" aria-hidden="true">
                  {busy ? <span className="pub-spinner" /> : isHead ? 'Open ↗' : <LockIcon />}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      <p id="pub-queue-locked" className="pub-visually-hidden">
        Locked until the links before it are completed.
      </p>
      {holdsQueue && (
        <p className="pub-alert pub-alert--info pub-queue__note">
          The first link has unlimited clicks (∞), so it holds the queue: the links after it wait until it is completed or reset by the
          owner.
        </p>
      )}
      {head && head.max_clicks === null && pending.length === 1 && (
        <p className="pub-muted pub-queue__note">This link has unlimited clicks (∞).</p>
      )}
    </>
  );
}

/** Reserved rows of the same height as real ones (no layout shift when the queue arrives). */
export function LinkQueueSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <ol className="pub-queue" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="pub-queue__item">
          <span className="pub-queue__button pub-queue__button--skeleton">
            <span className="pub-queue__pos pub-skel" />
            <span className="pub-queue__body">
              <span className="pub-skel pub-skel--line pub-skel--w60" />
              <span className="pub-skel pub-skel--line pub-skel--w40" />
              <span className="pub-skel pub-skel--line pub-skel--w80" />
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Drawn, not an emoji: phones without an emoji font would show an empty box. */
function LockIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}
