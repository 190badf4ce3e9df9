/** Holds the page's place while its remote loads, tall enough that the page does not jump in. */
export function PageLoading() {
  return (
    <div className="rl-page-loading" role="status" aria-live="polite">
      <span className="rl-spinner" aria-hidden="true" />
      <span>Loading…</span>
    </div>
  );
}
