/**
 * Manifests fetched before the federation runtime starts (see src/early/early-preload.ts), kept
 * until the runtime asks for them through its `fetch` hook. Each is handed over once; a failed
 * early fetch hands over nothing, so the runtime fetches (and reports) by itself.
 */
const early = new Map<string, Promise<Response | undefined>>();

export function putEarlyManifest(url: string, response: Promise<Response>): void {
  early.set(
    url,
    response.then(
      (res) => (res.ok ? res : undefined),
      () => undefined,
    ),
  );
}

export function takeEarlyManifest(url: string): Promise<Response | undefined> | undefined {
  const response = early.get(url);
  early.delete(url);
  return response;
}
