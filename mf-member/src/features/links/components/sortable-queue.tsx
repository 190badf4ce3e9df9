import { useEffect, useRef, useState } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Link } from '@rotalink/shared-api';
import type { LinkFormValues } from '../hooks/link-form';
import { linkLabel } from '../hooks/queue-order';
import type { FormResult } from '../hooks/use-links';
import type { LinkHealth } from '../hooks/use-link-health';
import { CheckNowButton, LinkCheckStatus, PauseButton } from './health-actions';
import { LinkItem } from './link-item';

export interface QueueProps {
  links: Link[];
  busyLinkId: string | null;
  /** A reorder is being saved: the controls wait. */
  reordering: boolean;
  onMove: (from: number, to: number) => Promise<boolean>;
  onEdit: (link: Link, values: LinkFormValues) => Promise<FormResult>;
  onReset: (link: Link) => void;
  onDelete: (link: Link) => void;
  /** Issue 16: Pause and Check now on each pending link. */
  health?: LinkHealth;
}

interface ItemProps {
  link: Link;
  index: number;
  count: number;
  behindUnlimited: boolean;
  queue: QueueProps;
  editing: boolean;
  setEditing: (id: string | null) => void;
  onMoveBy: (index: number, by: -1 | 1) => void;
}

function SortableLink({ link, index, count, behindUnlimited, queue, editing, setEditing, onMoveBy }: ItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: link.id,
    disabled: queue.reordering || editing,
  });
  const label = linkLabel(link);
  const controlsOff = queue.reordering || queue.busyLinkId === link.id;
  const controls = (
    <>
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="mem-btn mem-btn--secondary mem-btn--small mem-drag"
        aria-label={`Drag ${label} to reorder`}
        disabled={controlsOff}
        {...attributes}
        {...listeners}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      {/* The keyboard path (and the phone's): one place up or down per press. */}
      <button
        type="button"
        className="mem-btn mem-btn--secondary mem-btn--small"
        data-move="up"
        data-link={link.id}
        aria-label={`Move ${label} up`}
        disabled={controlsOff || index === 0}
        onClick={() => onMoveBy(index, -1)}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        className="mem-btn mem-btn--secondary mem-btn--small"
        data-move="down"
        data-link={link.id}
        aria-label={`Move ${label} down`}
        disabled={controlsOff || index === count - 1}
        onClick={() => onMoveBy(index, 1)}
      >
        <span aria-hidden="true">↓</span>
      </button>
    </>
  );
  return (
    <LinkItem
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      dragging={isDragging}
      link={link}
      position={index}
      behindUnlimited={behindUnlimited}
      busy={queue.busyLinkId === link.id || queue.reordering}
      editing={editing}
      onEditStart={() => setEditing(link.id)}
      onEditClose={() => setEditing(null)}
      onEditSave={(values) => queue.onEdit(link, values)}
      onReset={() => queue.onReset(link)}
      onDelete={() => queue.onDelete(link)}
      reorderControls={count > 1 ? controls : null}
      healthControls={
        queue.health && (
          <>
            <PauseButton link={link} health={queue.health} disabled={controlsOff} />
            <CheckNowButton link={link} health={queue.health} disabled={controlsOff} />
          </>
        )
      }
      healthStatus={queue.health && <LinkCheckStatus link={link} health={queue.health} />}
    />
  );
}

/**
 * The pending queue, reordered by drag (pointer or keyboard: Space on the handle, arrows, Space)
 * with @dnd-kit, and by the Move up / Move down buttons. Each move is saved at once (reorder call).
 */
export function SortableQueue(queue: QueueProps) {
  const { links } = queue;
  const [editingId, setEditingId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const lastMove = useRef<{ id: string; dir: 'up' | 'down' } | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const firstUnlimited = links.findIndex((l) => l.max_clicks === null);
  const nameOf = (id: unknown) => {
    const link = links.find((l) => l.id === id);
    return link ? `“${linkLabel(link)}”` : 'the link';
  };
  const positionOf = (id: unknown) => links.findIndex((l) => l.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)} of ${links.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over position ${positionOf(over.id)} of ${links.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${links.length}.` : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  useEffect(() => {
    // A moved link's button keeps the focus (React moved its node), or the other one when this end is reached.
    const moved = lastMove.current;
    if (!moved || queue.reordering) return;
    lastMove.current = null;
    const find = (dir: string) => listRef.current?.querySelector<HTMLButtonElement>(`button[data-link="${moved.id}"][data-move="${dir}"]`);
    const same = find(moved.dir);
    (same && !same.disabled ? same : find(moved.dir === 'up' ? 'down' : 'up'))?.focus();
  }, [links, queue.reordering]);

  const moveBy = (index: number, by: -1 | 1) => {
    const link = links[index];
    lastMove.current = { id: link.id, dir: by < 0 ? 'up' : 'down' };
    setAnnouncement(`Moved ${nameOf(link.id)} to position ${index + by + 1} of ${links.length}.`);
    void queue.onMove(index, index + by);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    void queue.onMove(positionOf(active.id) - 1, positionOf(over.id) - 1);
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
      <SortableContext items={links.map((l) => l.id)} strategy={verticalListSortingStrategy}>
        <ol className="mem-links" ref={listRef}>
          {links.map((link, index) => (
            <SortableLink
              key={link.id}
              link={link}
              index={index}
              count={links.length}
              behindUnlimited={firstUnlimited !== -1 && index > firstUnlimited}
              queue={queue}
              editing={editingId === link.id}
              setEditing={setEditingId}
              onMoveBy={moveBy}
            />
          ))}
        </ol>
      </SortableContext>
      <p className="mem-sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </DndContext>
  );
}
