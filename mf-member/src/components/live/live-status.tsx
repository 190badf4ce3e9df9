/**
 * Says whether the figures on screen keep themselves current (issue 15 live counts). Polite and
 * quiet: it changes only when updates stop or resume, never at each poll.
 */
export function LiveStatus({ stale }: { stale: boolean }) {
  return (
    <p className={stale ? 'mem-live mem-live--stale' : 'mem-live'} role="status" aria-live="polite">
      <span className="mem-live__dot" aria-hidden="true" />
      {stale ? 'Live updates paused: the server did not answer. Retrying…' : 'Live: new clicks appear within seconds.'}
    </p>
  );
}
