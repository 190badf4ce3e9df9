import type { ListFailure } from '../hooks/use-users-page';

/** Why the list is missing (docs/decisions/0053), with Try again only when asking again can help. */
export function ListFailureNotice({ failure, onRetry }: { failure: ListFailure; onRetry: () => void }) {
  return (
    <div className="adm-notice adm-notice--warn" role="alert">
      <p>{failure.message}</p>
      {failure.canRetry && (
        <button type="button" className="adm-btn" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
