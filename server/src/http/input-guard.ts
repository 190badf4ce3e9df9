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

function offending(value: unknown, field: string, depth = 0): string | undefined {
  if (typeof value === 'string') return (MULTI_LINE.has(field) ? CONTROL_EXCEPT_LINES : CONTROL).test(value) ? field : undefined;
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
      const field = offending(request.params, '') ?? offending(request.query, '') ?? offending(request.body, '');
      if (field === undefined) return done();
      const extra = request.routeOptions.url === '/api/auth/login' ? { status: 'FAILED' } : undefined;
      done(new ControlCharacters(field, extra));
    });
  },
  { name: 'input-guard' },
);
