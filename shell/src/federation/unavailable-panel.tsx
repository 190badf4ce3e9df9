import { useEffect } from 'react';
import { Link } from 'react-router-dom';

/**
 * Shown in place of a page whose remote is down or broken (DESIGN §2.5): the rest of the site
 * keeps working, and Retry really loads the remote again.
 */
export function UnavailablePanel({ onRetry }: { onRetry: () => void }) {
  // The page that failed cannot title its tab itself (issue 13: each page names itself).
  useEffect(() => {
    document.title = 'Temporarily unavailable · Rotalink';
  }, []);
  return (
    <section className="rl-panel rl-unavailable" aria-labelledby="rl-unavailable-title">
      <h1 id="rl-unavailable-title">This page is temporarily unavailable</h1>
      <p>We could not load this part of Rotalink. The rest of the site still works; please try again in a moment.</p>
      <div className="rl-panel-actions">
        <button type="button" className="rl-button rl-button-primary" onClick={onRetry}>
          Retry
        </button>
        <Link className="rl-button" to="/">
          Go to the home page
        </Link>
      </div>
    </section>
  );
}
