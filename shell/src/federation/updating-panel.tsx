import { useEffect } from 'react';
import { Link } from 'react-router-dom';

/**
 * Issue 26: shown for the routes of a remote that needs a newer session kernel than this shell
 * loaded (kernel-fit.ts) — a deployment in progress, not a breakage: the other team's shell or
 * this remote's rollback is on its way. The rest of the site keeps working.
 */
export function UpdatingPanel() {
  useEffect(() => {
    document.title = 'Being updated · Rotalink';
  }, []);
  return (
    <section className="rl-panel rl-unavailable" aria-labelledby="rl-updating-title">
      <h1 id="rl-updating-title">This part of the site is being updated — reload in a minute</h1>
      <p>A new version of this part of Rotalink is on its way. The rest of the site still works.</p>
      <div className="rl-panel-actions">
        <button type="button" className="rl-button rl-button-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link className="rl-button" to="/">
          Go to the home page
        </Link>
      </div>
    </section>
  );
}
