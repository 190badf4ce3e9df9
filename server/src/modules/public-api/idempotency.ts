import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HOURS, IDEMPOTENCY_KEY_MAX } from '@rotalink/shared-api/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import stringify from 'safe-stable-stringify';
import { ownProfileId } from '../../access/principal';
import { errorBody, HttpError } from '../../errors';
import { claimKey, dropIfDone, findKey, releaseKey, storeAnswer } from './idempotency.repository';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that is a replay of the first one. */
export const REPLAYED_HEADER = 'idempotent-replayed';

export const KEY_INVALID = `Idempotency-Key must be 1-${IDEMPOTENCY_KEY_MAX} visible ASCII characters.`;
export const KEY_REUSED = 'This Idempotency-Key was already used for a different request: send a new key for a new request.';
export const KEY_IN_PROGRESS = 'The first request with this Idempotency-Key is still being answered; retry in a moment.';

const KEY = new RegExp(`^[\\x21-\\x7E]{1,${IDEMPOTENCY_KEY_MAX}}$`);
/** How long a retry waits for the first request's answer before it is told to come back (409). */
const WAIT_MS = 10_000;
const POLL_MS = 20;
/** An unanswered key older than this was left by a node that died mid-request: it may be taken again. */
const ABANDONED_MS = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Which request a key was used for: the call, its path and its body (keys in any order). */
function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method}\u0000${request.url}\u0000${stringify(request.body ?? null)}`)
    .digest('hex');
}

/** An answer worth replaying: the request was decided (done, or refused for what it is), not cut short. */
const decided = (status: number) => status < 500 && status !== 429;

/**
 * Issue 31: `Idempotency-Key` on the public API's POSTs (decision 0133). Without the header the
 * request just runs. With it, the first request for (account, key) takes the key with one INSERT
 * — the primary key decides between concurrent retries on any number of nodes — runs, and stores
 * its answer; a retry with the same request waits for that answer and gets it again (with
 * `Idempotent-Replayed: true`); the same key for another request is a 422. A 5xx or 429 is not
 * kept: the key is let go so the next retry runs the request afresh. Runs after the access check,
 * so a key never replays an answer to a caller that may no longer make the call.
 *
 * `run` sets the status on `reply` and returns the body (undefined for a 204); the answer is sent here.
 */
export async function idempotent(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<unknown>,
): Promise<FastifyReply> {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return reply.send(await run());
  const key = Array.isArray(header) ? header[0] : header;
  if (!KEY.test(key)) throw new HttpError(400, KEY_INVALID, 'idempotency-key-invalid');
  const k = { accountId: ownProfileId(request.principal) as string, key };
  const fingerprint = fingerprintOf(request);
  const started = Date.now();
  for (;;) {
    const now = new Date();
    await dropIfDone(app.db, { ...k, now: now.toISOString(), staleBefore: new Date(now.getTime() - ABANDONED_MS).toISOString() });
    const expiresAt = new Date(now.getTime() + IDEMPOTENCY_KEY_HOURS * 3_600_000).toISOString();
    if (await claimKey(app.db, { ...k, fingerprint, now: now.toISOString(), expiresAt })) return runAndKeep(app, reply, k, run);
    // Another request holds the key: wait for its answer (or for it to let go).
    for (;;) {
      const row = await findKey(app.db, k);
      if (!row) break;
      if (row.fingerprint !== fingerprint) throw new HttpError(422, KEY_REUSED, 'idempotency-key-reused');
      if (row.status_code !== null) return replay(reply, row.status_code, row.answer);
      if (Date.now() - started > WAIT_MS) throw new HttpError(409, KEY_IN_PROGRESS, 'idempotency-in-progress');
      await sleep(POLL_MS);
    }
  }
}

async function runAndKeep(app: FastifyInstance, reply: FastifyReply, k: { accountId: string; key: string }, run: () => Promise<unknown>) {
  let body: unknown;
  try {
    body = await run();
  } catch (err) {
    if (err instanceof HttpError && decided(err.statusCode)) {
      const answer = JSON.stringify(errorBody(err.message, err.code, err.extra));
      await storeAnswer(app.db, { ...k, statusCode: err.statusCode, answer });
    } else {
      await releaseKey(app.db, k).catch(() => undefined);
    }
    throw err;
  }
  // The text the route's response schema makes of it: the replay is the same bytes.
  const answer = body === undefined ? null : (reply.serialize(body) as string);
  await storeAnswer(app.db, { ...k, statusCode: reply.statusCode, answer });
  return send(reply, answer);
}

function replay(reply: FastifyReply, statusCode: number, answer: string | null) {
  reply.code(statusCode).header(REPLAYED_HEADER, 'true');
  return send(reply, answer);
}

function send(reply: FastifyReply, answer: string | null) {
  if (answer === null) return reply.send();
  return reply.type('application/json; charset=utf-8').send(answer);
}
