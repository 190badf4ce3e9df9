import { useId, useState } from 'react';
import { getRotatorSettings } from '@rotalink/shared-api';
import { useAsyncData } from '../use-async-data';
import { ErrorPanel, Loading } from '../page-state';
import { publicProfileUrl } from '../public-link';
import { QrCodeCard } from './qr-code-card';

interface Props {
  userId: string;
  /** Issue 32: the profile's handle, when it has one: the page's code then opens {site}/{handle}. */
  handle?: string | null;
  /** The profile's name, for file names and accessible names. */
  name: string;
  /** Open at first (the member's own profile); sub-profiles open theirs with the button. */
  initiallyOpen?: boolean;
}

/**
 * The QR codes of one profile (issue 15): its public page ({site}/profile?userId=, spec §9) and
 * its rotator link (issue 14, from the rotator settings). Nothing is fetched or drawn until the
 * panel is open, and the QR library is its own chunk (qr-render.ts).
 */
export function ProfileQrCodes({ userId, handle, name, initiallyOpen = false }: Props) {
  const [open, setOpen] = useState(initiallyOpen);
  const panelId = `mem-qr-${userId}`;
  return (
    <div className="mem-qr-panel">
      <button
        type="button"
        className="mem-btn mem-btn--secondary mem-btn--small"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide QR codes' : 'QR codes'}
        <span className="mem-sr-only"> of {name}</span>
      </button>
      {open && (
        <div id={panelId} className="mem-qr-grid">
          <QrCodeCard title="Public page" url={publicProfileUrl(userId, handle)} owner={name} />
          <RotatorQrCode userId={userId} owner={name} />
        </div>
      )}
    </div>
  );
}

function RotatorQrCode({ userId, owner }: { userId: string; owner: string }) {
  const settings = useAsyncData(() => getRotatorSettings(userId), [userId]);
  const titleId = useId();
  if (settings.state.status === 'ready') return <QrCodeCard title="Rotator link" url={settings.state.data.rotator_url} owner={owner} />;
  return (
    <figure className="mem-qr" aria-labelledby={titleId}>
      <figcaption id={titleId} className="mem-qr__title">
        Rotator link
      </figcaption>
      {settings.state.status === 'loading' ? (
        <Loading label="Loading the rotator link…" />
      ) : (
        <ErrorPanel message="Failed to load the rotator link." onRetry={settings.retry} />
      )}
    </figure>
  );
}
