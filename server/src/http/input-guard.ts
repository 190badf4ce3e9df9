import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { BadRequest, fieldLabel } from '../errors';

/**
 * Every text input, on every route, before the schemas run (issue 11: a NUL byte in a text field
 * was a 500 on PostgreSQL, which refuses it in text, and was stored as is on SQLite):
 *
 * - control characters (C0, DEL, C1) in any string of the body, query or path → 400 naming the
 *   field. Only the multi-line fields (`about`, a textarea) may hold tabs and line breaks;
 * - `email` fields are trimmed, so ' Ada@Example.com ' signs up and signs in (the schema's email
 *   format would refuse the spaces).
 *
 * One hook instead of a pattern on each schema: no field can be forgotten, including those added later.
 */
const MULTI_LINE = new Set(['about']);
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Text that displays other than it reads (issue 33): the bidi embedding, override and isolate
 * characters (U+202A-U+202E, U+2066-U+2069) make `Free gift\u202Eexe.pdf` show reversed, and a
 * lone UTF-16 surrogate is not text at all (SQLite stored it as bytes that are no UTF-8,
 * PostgreSQL as U+FFFD: the two engines disagreed). Refused in every field but the passwords,
 * which are never shown and must keep working as typed.
 */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;
const SECRET = new Set(['password', 'newPassword', 'currentPassword']);
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type Fault = 'control' | 'bidi';

function badString(value: string, field: string): Fault | undefined {
  if ((MULTI_LINE.has(field) ? CONTROL_EXCEPT_LINES : CONTROL).test(value)) return 'control';
  if (SECRET.has(field)) return undefined;
  if (BIDI.test(value) || LONE_SURROGATE.test(value)) return 'bidi';
  return undefined;
}

function offending(value: unknown, field: string, depth = 0): { field: string; fault: Fault } | undefined {
  if (typeof value === 'string') {
    const fault = badString(value, field);
    return fault ? { field, fault } : undefined;
  }
  if (depth > 8 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  // for…in, not Object.entries: no array of pairs per object on every request (the hot click's
  // body and query pass here too).
  const list = Array.isArray(value);
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.prototype.hasOwnProperty.call(record, key)) continue;
    const found = offending(record[key], list ? field : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function trimEmails(body: unknown): void {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) return;
  const record = body as Record<string, unknown>;
  if (typeof record.email === 'string') record.email = record.email.trim();
}

/** Issue 33: the refusal of a bidi control or a lone surrogate, naming the field. */
export class HiddenDirectionText extends BadRequest {
  constructor(
    readonly field: string,
    extra?: Record<string, unknown>,
  ) {
    super(`${field ? fieldLabel(field) : 'The request'} must not contain text-direction override characters or broken characters.`, extra);
  }
}

/** The guard's refusal, naming the field it found (a one-time link's token answers its own text: http/link-token.ts). */
export class ControlCharacters extends BadRequest {
  constructor(
    readonly field: string,
    extra?: Record<string, unknown>,
  ) {
    super(`${field ? fieldLabel(field) : 'The request'} must not contain control characters.`, extra);
  }
}

export const inputGuard = fp(
  async (app: FastifyInstance) => {
    // A callback hook, not an async one: no promise per request.
    app.addHook('preValidation', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      trimEmails(request.body);
      const found = offending(request.params, '') ?? offending(request.query, '') ?? offending(request.body, '');
      if (found === undefined) return done();
      const extra = request.routeOptions.url === '/api/auth/login' ? { status: 'FAILED' } : undefined;
      done(found.fault === 'control' ? new ControlCharacters(found.field, extra) : new HiddenDirectionText(found.field, extra));
    });
  },
  { name: 'input-guard' },
);
