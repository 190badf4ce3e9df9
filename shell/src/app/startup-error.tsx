/** Shown when config.json is missing or wrong: the one failure the shell cannot route around. */
export function StartupError({ detail }: { detail: string }) {
  return (
    <main className="rl-main">
      <section className="rl-panel" role="alert">
        <h1>Rotalink could not start</h1>
        <p>The site's settings could not be read. Please reload in a moment.</p>
        <p>
          <small>{detail}</small>
        </p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </section>
    </main>
  );
}
