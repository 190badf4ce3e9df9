import type { Link } from '@rotalink/shared-api';
import { linkLabel } from '../hooks/queue-order';

interface Props {
  link: Link;
  blocker: Link;
  moving: boolean;
  onMoveAhead: () => void;
  onDismiss: () => void;
}

/**
 * Issue 13, defect 3: a link just added behind an unlimited (∞) link is never reached, since the
 * ∞ link never completes. Said at once, with the fix one press away.
 */
export function UnreachableWarning({ link, blocker, moving, onMoveAhead, onDismiss }: Props) {
  return (
    <div className="mem-warning" role="alert">
      <p style={{ margin: 0 }}>
        <strong>“{linkLabel(link)}” will never be reached.</strong> It is behind the unlimited (∞) link “{linkLabel(blocker)}”, which never
        completes, so visitors never get past it.
      </p>
      <div className="mem-actions">
        <button type="button" className="mem-btn mem-btn--small" onClick={onMoveAhead} disabled={moving}>
          {moving ? 'Moving…' : 'Move it ahead'}
        </button>
        <button type="button" className="mem-btn mem-btn--secondary mem-btn--small" onClick={onDismiss} disabled={moving}>
          Keep it here
        </button>
      </div>
    </div>
  );
}
