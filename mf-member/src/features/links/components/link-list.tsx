import { useState } from 'react';
import { EmptyState } from '../../../components/page-state';
import type { LinkFormValues } from '../hooks/link-form';
import type { FormResult } from '../hooks/use-links';
import { LinkItem } from './link-item';
import { SortableQueue, type QueueProps } from './sortable-queue';

type Props = Omit<QueueProps, 'onMove' | 'reordering'> & {
  kind: 'pending' | 'completed';
  reordering?: boolean;
  onMove?: QueueProps['onMove'];
};

/**
 * The pending queue (in the order visitors must click it; the head is live; reorderable) or the
 * completed list, each link with clicks / max and its Edit, Reset and Delete actions.
 */
export function LinkList({ links, kind, busyLinkId, onReset, onDelete, onEdit, onMove, health, reordering = false }: Props) {
  const [editingId, setEditingId] = useState<string | null>(null);
  if (links.length === 0) {
    return (
      <EmptyState>
        {kind === 'pending'
          ? 'No links in the queue. Add one and it will show on the public page.'
          : 'No completed links yet. A link moves here once it reaches its max clicks.'}
      </EmptyState>
    );
  }
  if (kind === 'pending' && onMove) {
    return (
      <SortableQueue
        links={links}
        busyLinkId={busyLinkId}
        reordering={reordering}
        onMove={onMove}
        onEdit={onEdit}
        onReset={onReset}
        onDelete={onDelete}
        health={health}
      />
    );
  }
  return (
    <ol className="mem-links">
      {links.map((link, index) => (
        <LinkItem
          key={link.id}
          link={link}
          position={kind === 'pending' ? index : null}
          busy={busyLinkId === link.id}
          editing={editingId === link.id}
          onEditStart={() => setEditingId(link.id)}
          onEditClose={() => setEditingId(null)}
          onEditSave={(values: LinkFormValues): Promise<FormResult> => onEdit(link, values)}
          onReset={() => onReset(link)}
          onDelete={() => onDelete(link)}
        />
      ))}
    </ol>
  );
}
