import type { ReactNode } from 'react';

/** The loading state every fetching page shows (announced to screen readers). */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="mem-state" role="status" aria-live="polite">
      <span className="mem-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** A failed load: the message, and a Retry when the page can try again. */
export function ErrorPanel({ message, onRetry, children }: { message: string; onRetry?: () => void; children?: ReactNode }) {
  return (
    <div className="mem-state mem-state--error" role="alert">
      <p className="mem-state__text">{message}</p>
      {children}
      {onRetry && (
        <button type="button" className="mem-btn mem-btn--secondary" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}

/** Nothing to show yet, with what the member can do about it. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="mem-empty">{children}</div>;
}
