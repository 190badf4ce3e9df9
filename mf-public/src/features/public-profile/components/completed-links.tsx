import type { Link } from '@rotalink/shared-api';
import { displayHost } from '../hooks/link-target';
import { LinkCounter, linkLabel } from './link-counter';

/** Links that reached their cap (spec §3). Listed for reference; they are no longer in the queue. */
export function CompletedLinks({ completed }: { completed: Link[] }) {
  return (
    <ul className="pub-done">
      {completed.map((link) => {
        const host = displayHost(link.link);
        return (
          <li key={link.id} className="pub-done__item">
            <span className="pub-done__check" aria-hidden="true">
              ✓
            </span>
            <span className="pub-queue__body">
              <span className="pub-queue__name">{linkLabel(link, host)}</span>
              <span className="pub-queue__host">{host}</span>
              <LinkCounter link={link} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}
