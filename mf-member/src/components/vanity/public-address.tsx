import { useEffect, useState, type FormEvent } from 'react';
import { HANDLE, type HandleState } from '@rotalink/shared-api';
import { CopyLink } from '../copy-link';
import { TextField } from '../field';
import { publicProfileUrl } from '../public-link';
import { useHandle } from './use-handle';

/**
 * Issue 32: a profile's public link (with Copy) and its handle. With a handle the link is
 * {site}/{handle} and the rotator {api}/r/{handle}; the id addresses keep working, and a changed
 * handle redirects for 30 days.
 */
export function PublicAddress({ userId, onAddress }: { userId: string; onAddress?: (state: HandleState) => void }) {
  const handle = useHandle(userId);
  const current = handle.data?.handle ?? null;
  // The page's other addresses (the rotator link) follow a saved handle without a reload.
  useEffect(() => {
    if (handle.data) onAddress?.(handle.data);
  }, [handle.data, onAddress]);
  const [input, setInput] = useState('');
  useEffect(() => setInput(current ?? ''), [current]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void handle.save(input);
  };

  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <CopyLink url={publicProfileUrl(userId, current)} label="public link" />
      <form className="mem-form" onSubmit={onSubmit} noValidate aria-label="Short address">
        <TextField
          label="Handle"
          note="(optional)"
          hint={`Your short address: ${window.location.origin}/your-handle and its rotator …/r/your-handle. ${HANDLE.min}–${HANDLE.max} letters a-z, digits or hyphens. A changed handle keeps redirecting for ${HANDLE.redirectDays} days.`}
          maxLength={HANDLE.max + 10}
          autoCapitalize="none"
          spellCheck={false}
          value={input}
          error={handle.error}
          onChange={(e) => setInput(e.target.value)}
        />
        {handle.saved && (
          <div className="mem-notice" role="status">
            {handle.saved}
          </div>
        )}
        {handle.data && handle.data.old_handles.length > 0 && (
          <p className="mem-muted" style={{ margin: 0 }}>
            Still redirecting here:{' '}
            {handle.data.old_handles.map((o) => `${o.handle} (until ${new Date(o.frees_at).toLocaleDateString()})`).join(', ')}
          </p>
        )}
        <div className="mem-actions">
          <button type="submit" className="mem-btn mem-btn--secondary" disabled={handle.saving || handle.state.status === 'loading'}>
            {handle.saving ? 'Saving…' : 'Save handle'}
          </button>
        </div>
      </form>
    </div>
  );
}
