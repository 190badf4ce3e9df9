import type { ReactNode } from 'react';

/** The form's submit button: disabled with a spinner while its call runs (no double submit). */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <button type="submit" className="pub-btn pub-btn--block" disabled={busy} aria-busy={busy || undefined}>
      {busy && <span className="pub-spinner" aria-hidden="true" />}
      {busy ? busyLabel : children}
    </button>
  );
}
