import { forwardRef, useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import type { Link, MemberLink } from '@rotalink/shared-api';
import type { LinkFormValues } from '../hooks/link-form';
import { linkLabel } from '../hooks/queue-order';
import type { FormResult } from '../hooks/use-links';
import { EditLinkForm } from './edit-link-form';
import { LinkUrl, clicksLabel } from './link-text';

function Meter({ link }: { link: Link }) {
  if (link.max_clicks === null) return null;
  const share = Math.min(100, Math.round((link.clicks / link.max_clicks) * 100));
  return (
    <div className={share >= 100 ? 'mem-meter mem-meter--done' : 'mem-meter'} aria-hidden="true">
      <div className="mem-meter__bar" style={{ width: `${share}%` }} />
    </div>
  );
}

export interface LinkItemProps {
  /** The owner's list carries the lifetime totals of issue 14 (counted and all clicks). */
  link: Link & Partial<Pick<MemberLink, 'counted_clicks' | 'all_clicks'>>;
  /** Place in the pending queue (0 = the live head); null for a completed link. */
  position: number | null;
  /** An unlimited link is ahead of this one: visitors never reach it. */
  behindUnlimited?: boolean;
  busy: boolean;
  editing: boolean;
  onEditStart: () => void;
  onEditClose: () => void;
  onEditSave: (values: LinkFormValues) => Promise<FormResult>;
  onReset: () => void;
  onDelete: () => void;
  /** The queue's drag handle and move buttons (pending links only). */
  reorderControls?: ReactNode;
  /** Issue 16: Pause and Check now (pending links), and the check's result shown under the link. */
  healthControls?: ReactNode;
  healthStatus?: ReactNode;
  style?: CSSProperties;
  dragging?: boolean;
}

/** One link: name, URL, clicks / cap, notes on the queue, and its actions; or its edit form. */
export const LinkItem = forwardRef<HTMLLIElement, LinkItemProps>(function LinkItem(props, ref) {
  const { link, position, behindUnlimited, busy, editing, reorderControls, healthControls, healthStatus, style, dragging } = props;
  const live = position === 0;
  const label = linkLabel(link);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    // Back from the edit form: the focus returns to the Edit button, not to the top of the page.
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const className = ['mem-link', live ? 'mem-link--live' : '', dragging ? 'mem-link--dragging' : ''].filter(Boolean).join(' ');
  return (
    <li ref={ref} className={className} aria-label={label} style={style}>
      {editing ? (
        <EditLinkForm link={link} label={label} onSave={props.onEditSave} onClose={props.onEditClose} />
      ) : (
        <>
          <div className="mem-link__top">
            {position !== null && <span className="mem-muted">#{position + 1}</span>}
            {live && <span className="mem-badge mem-badge--live">live</span>}
            <span className="mem-link__name">{link.name || 'Untitled link'}</span>
          </div>
          <LinkUrl url={link.link} />
          {/* Issue 29: one counter, the one the cap is about; every click is a smaller figure under it. */}
          <div className="mem-link__meta mem-link__count">{clicksLabel(link)} counted</div>
          {link.all_clicks !== undefined && (
            // issue 14: lifetime totals, bots and repeats included (a reset does not clear them)
            <div className="mem-link__meta mem-muted mem-link__all">
              {link.all_clicks.toLocaleString('en-US')} {link.all_clicks === 1 ? 'click' : 'clicks'} in all since it was added (repeats and
              bots included)
            </div>
          )}
          <Meter link={link} />
          {live && link.max_clicks === null && (
            // DESIGN §6: an unlimited head never completes, so it holds the queue
            <p className="mem-link__meta" style={{ margin: 0 }}>
              Unlimited: this link holds the queue. Later links are not reached until you reset it (it moves to the end) or delete it.
            </p>
          )}
          {behindUnlimited && (
            <p className="mem-link__warn">Not reached: an unlimited (∞) link is ahead of it. Move it up to put it in front.</p>
          )}
          {healthStatus}
          <div className="mem-actions">
            {reorderControls}
            <button
              ref={editButton}
              type="button"
              className="mem-btn mem-btn--secondary mem-btn--small"
              disabled={busy}
              onClick={props.onEditStart}
              aria-label={`Edit ${label}`}
            >
              Edit
            </button>
            <button
              type="button"
              className="mem-btn mem-btn--secondary mem-btn--small"
              disabled={busy}
              onClick={props.onReset}
              aria-label={`Reset ${label}`}
            >
              Reset
            </button>
            {healthControls}
            <button
              type="button"
              className="mem-btn mem-btn--danger mem-btn--small"
              disabled={busy}
              onClick={props.onDelete}
              aria-label={`Delete ${label}`}
            >
              Delete
            </button>
          </div>
        </>
      )}
    </li>
  );
});
