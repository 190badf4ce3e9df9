/**
 * PostgreSQL aborts one of two transactions that wait on each other (40P01 deadlock_detected) or
 * that cannot be serialised (40001). Either way the aborted transaction was rolled back in full,
 * so running it again is safe and cannot apply anything twice. Only those two codes are retried:
 * a dropped connection during COMMIT leaves the outcome unknown, and is never retried.
 */
export function isRetryableConflict(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/** Runs `transaction` again (a short random pause first) while it fails with a retryable conflict; at most `attempts` runs. */
export async function retryConflicts<T>(transaction: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (err) {
      if (!isRetryableConflict(err) || attempt >= attempts) throw err;
      // Random, growing: two transactions that collided should not collide again at once.
      await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
    }
  }
}
