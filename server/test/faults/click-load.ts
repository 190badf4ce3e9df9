import { browser } from '../helpers';
import type { FastifyInstance } from 'fastify';

export interface LoadResult {
  /** Answers by status code. */
  statuses: Record<number, number>;
  /** The count each acknowledged (200) click was answered with. */
  acked: number[];
  /** Bodies of the non-200 answers (to check their codes and texts). */
  refused: Array<{ status: number; body: Record<string, unknown> }>;
  /** The slowest answer, ms. */
  slowestMs: number;
}

/**
 * Visitors clicking one link through the API while a test breaks a dependency: `workers` loops of
 * one click at a time, until `stop()` resolves. Every answer is recorded, so the test can check
 * that nothing acknowledged was lost or counted twice.
 */
export async function clickLoad(apps: FastifyInstance[], linkId: string, workers: number, stop: Promise<unknown>): Promise<LoadResult> {
  const result: LoadResult = { statuses: {}, acked: [], refused: [], slowestMs: 0 };
  let done = false;
  void stop.then(() => (done = true));
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (!done) {
        const started = performance.now();
        const res = await apps[w % apps.length].inject({
          method: 'POST',
          url: '/api/public/increment-clicks',
          headers: browser(),
          payload: { link_id: linkId },
        });
        result.slowestMs = Math.max(result.slowestMs, performance.now() - started);
        result.statuses[res.statusCode] = (result.statuses[res.statusCode] ?? 0) + 1;
        if (res.statusCode === 200) result.acked.push(res.json().link.clicks);
        else result.refused.push({ status: res.statusCode, body: res.json() });
        // A refused click is retried after a pause, as a browser would (and the event loop breathes).
        if (res.statusCode !== 200) await new Promise((r) => setTimeout(r, 20));
      }
    }),
  );
  return result;
}

/**
 * No acknowledged click lost, none counted twice: every 200 carried its own count, the stored
 * count holds all of them, and any extra is a click whose answer was lost with the connection
 * (answered 503: its COMMIT may have landed, the visitor was not told it did).
 */
export function accountedFor(result: LoadResult, stored: number): { ok: boolean; detail: string } {
  const unique = new Set(result.acked).size === result.acked.length;
  const unanswered = result.statuses[503] ?? 0;
  const ok =
    unique && stored >= result.acked.length && stored <= result.acked.length + unanswered && Math.max(0, ...result.acked) <= stored;
  return {
    ok,
    detail: `acknowledged ${result.acked.length} (unique: ${unique}), stored ${stored}, 503 ${unanswered}, statuses ${JSON.stringify(result.statuses)}`,
  };
}
