import type { ErrorCode } from '@rotalink/shared-api/contract';
import { paths } from '@rotalink/shared-api/paths';
import { MESSAGES, VISIBLE_TEXT_PATTERN } from '@rotalink/shared-api/rules';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isForeignKeyViolation } from './db/dialect-sql';
import { isDatabaseUnavailable } from './db/unavailable';

/**
 * Small domain errors: services throw them, ONE handler (below) turns them into the JSON error
 * body of DESIGN §7 `{ error, message, code }` (the same text in both, the spec's client reads
 * either; `code` is the stable one clients switch on).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** The stable code on the wire (shared-api error-codes.ts): clients switch on it, not on the text. */
    readonly code: ErrorCode,
    /** Extra fields for the body, e.g. login's `status: 'FAILED'`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class BadRequest extends HttpError {
  constructor(message: string, extra?: Record<string, unknown>) {
    super(400, message, 'invalid', extra);
  }
}
export class Unauthorized extends HttpError {
  constructor(
    message: string,
    code: 'session-ended' | 'token-missing' | 'bad-credentials' | 'api-key-invalid' | 'api-key-revoked' | 'api-key-expired',
    extra?: Record<string, unknown>,
  ) {
    super(401, message, code, extra);
  }
}
export class Forbidden extends HttpError {
  constructor(message = 'You are not allowed to do this.', code: 'forbidden' | 'plan-inactive' | 'scope-missing' = 'forbidden') {
    super(403, message, code);
  }
}
export class NotFound extends HttpError {
  constructor(message: string, code: 'not-found' | 'click-not-found' = 'not-found') {
    super(404, message, code);
  }
}
export class Conflict extends HttpError {
  constructor(
    message: string,
    code:
      | 'queue-head-required'
      | 'link-completed'
      | 'link-paused'
      | 'link-limit'
      | 'sub-profile-limit'
      | 'email-taken'
      | 'already-active'
      | 'conflict' = 'conflict',
  ) {
    super(409, message, code);
  }
}
export class TooMany extends HttpError {
  constructor(
    message = 'Too many requests, please try again later.',
    extra?: Record<string, unknown>,
    /** Seconds until the budget opens again: sent as `Retry-After` (issue 33). */
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message, 'rate-limited', extra);
  }
}
/** A dependency (database, Redis, SMTP) is away: the client may try again shortly. */
export class Unavailable extends HttpError {
  constructor(message: string = MESSAGES.unavailable) {
    super(503, message, 'unavailable');
  }
}

/** The 503 text when the database is away (README "Failure modes"). */
export const CHANGED_MEANWHILE = 'What this change refers to was deleted meanwhile. Please reload the page.';
export const DATABASE_UNAVAILABLE = 'The database is temporarily unavailable. Please try again in a moment.';
/** Seconds a client should wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;
/** An outside service (the payment provider) failed. */
export class BadGateway extends HttpError {
  constructor(message: string) {
    super(502, message, 'upstream-failed');
  }
}

export const INTERNAL_ERROR = MESSAGES.somethingWentWrong;

/** Human names for the contract's field names, used in validation messages. */
const FIELD_LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  password: 'Password',
  phone: 'Phone',
  title: 'Title',
  slogan: 'Slogan',
  about: 'About',
  link: 'URL',
  max_clicks: 'Max clicks',
  name: 'Name',
  user_id: 'User id',
  userId: 'User id',
  link_id: 'Link id',
  token: 'Token',
  username: 'Username',
  session_id: 'Session id',
  planName: 'Plan name',
  duration: 'Duration',
  amount: 'Amount',
  package_price: 'Package price',
  package_joined_date: 'Joined date',
  package_expiry_date: 'Expiry date',
  subscription_status: 'Subscription status',
  subscription_type: 'Subscription type',
  currentPassword: 'Current password',
  newPassword: 'New password',
  newEmail: 'New email',
  link_ids: 'Link ids',
  page: 'Page',
  pageSize: 'Page size',
  mode: 'Mode',
  on_finish: 'On finish',
  backup_url: 'Backup URL',
  unique_window_hours: 'Unique window (hours)',
  filter_bots: 'Bot filter',
};

/** A field's name in words, for messages ('first_name' → 'First name'). */
export const fieldLabel = (field: string): string => FIELD_LABELS[field] ?? field;

interface AjvIssue {
  instancePath?: string;
  keyword?: string;
  params?: Record<string, unknown>;
  message?: string;
}

/** One clear sentence naming the field, from the first Ajv issue. */
export function validationMessage(issues: AjvIssue[], context: string | undefined): string {
  const issue = issues[0] ?? {};
  const params = issue.params ?? {};
  const segments = (issue.instancePath ?? '').split('/').filter(Boolean);
  let field = segments.pop();
  if (issue.keyword === 'required') field = String(params.missingProperty ?? field ?? '');
  if (!field && issue.keyword === 'type' && context === 'body') return 'The request body must be a JSON object.';
  let label = field ? (FIELD_LABELS[field] ?? field) : context === 'querystring' ? 'Query' : 'Request';
  // An entry of a list (link_ids/3): name the list, not the index.
  if (field && /^\d+$/.test(field) && segments.length)
    label = `Each entry of ${(FIELD_LABELS[segments[segments.length - 1]] ?? segments[segments.length - 1]).toLowerCase()}`;
  switch (issue.keyword) {
    case 'required':
      return `${label} is required.`;
    case 'maxLength':
      return `${label} must be at most ${params.limit} characters.`;
    case 'minLength':
      return params.limit === 1 ? `${label} is required.` : `${label} must be at least ${params.limit} characters.`;
    case 'format':
      return params.format === 'email' ? `${label} must be a valid email address.` : `${label} is not valid.`;
    case 'pattern':
      // Only spaces or invisible characters where a name is required: it is missing, not malformed.
      return params.pattern === VISIBLE_TEXT_PATTERN.source ? `${label} is required.` : `${label} is not valid.`;
    case 'type':
      return `${label} must be ${params.type === 'integer' ? 'a whole number' : `${/^[aeiou]/.test(String(params.type)) ? 'an' : 'a'} ${params.type}`}.`;
    case 'minimum':
    case 'maximum':
      return `${label} must be ${issue.keyword === 'minimum' ? 'at least' : 'at most'} ${params.limit}.`;
    case 'const':
    case 'enum':
    case 'anyOf':
      return `${label} is not one of the allowed values.`;
    case 'additionalProperties':
      return `${String(params.additionalProperty)} is not an allowed field.`;
    default:
      return `${label} is not valid.`;
  }
}

/** The body of every error answer (DESIGN §7); also what an Idempotency-Key replays (issue 31). */
export function errorBody(message: string, code: ErrorCode, extra: Record<string, unknown> = {}) {
  return { ...extra, error: message, message, code };
}

function send(reply: FastifyReply, statusCode: number, message: string, code: ErrorCode, extra: Record<string, unknown> = {}) {
  return reply.status(statusCode).send(errorBody(message, code, extra));
}

/** The code of a status that no domain error named (plugins, the framework). */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'session-ended';
    case 403:
      return 'forbidden';
    case 404:
      return 'not-found';
    case 409:
      return 'conflict';
    case 413:
      return 'too-large';
    case 415:
      return 'unsupported-media-type';
    case 429:
      return 'rate-limited';
    case 502:
      return 'upstream-failed';
    case 503:
      return 'unavailable';
    default:
      return status >= 500 ? 'internal' : 'invalid';
  }
}

/**
 * The database away (refused, dropped, timed out, locked past DB_TIMEOUT_MS) is a clear 503 the
 * client may retry, never a 500: true for such an error, logged as a warning without a stack (it
 * is not a bug) and `Retry-After` set; the caller sends the 503 in its own form (the JSON body
 * below, the rotator link's page).
 */
export function prepareUnavailable(err: FastifyError, request: FastifyRequest, reply: FastifyReply): boolean {
  if (!isDatabaseUnavailable(err)) return false;
  request.log.warn({ cause: err.message, code: err.code }, 'database unavailable');
  reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return true;
}

/** The one error handler: domain errors, validation, bad JSON, too large, and everything else hidden. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof HttpError) {
      if (err.statusCode === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      if (err instanceof TooMany && err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
      return send(reply, err.statusCode, err.message, err.code, err.extra);
    }
    if (err.validation) {
      return send(reply, 400, validationMessage(err.validation as AjvIssue[], err.validationContext), 'invalid', loginExtra(request));
    }
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 400, 'The request body is not valid JSON.', 'invalid');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 413, 'The request body is too large.', 'too-large');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 415, 'Send the request body as JSON (Content-Type: application/json).', 'unsupported-media-type');
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send(reply, 400, 'The request body length is not valid.', 'invalid');
    }
    if (prepareUnavailable(err, request, reply)) return send(reply, 503, DATABASE_UNAVAILABLE, 'unavailable', loginExtra(request));
    // A race with a deletion (the account or profile went while this call ran): not our fault, nor a 500.
    if (isForeignKeyViolation(err)) return send(reply, 409, CHANGED_MEANWHILE, 'conflict');
    // @fastify/rate-limit and other plugins throw errors that carry their own 4xx status.
    const status = err.statusCode ?? 500;
    if (status === 429) return send(reply, 429, 'Too many requests, please try again later.', 'rate-limited');
    if (status >= 400 && status < 500) return send(reply, status, err.message || 'Bad request.', codeForStatus(status));
    request.log.error({ err }, 'unexpected error');
    return send(reply, 500, INTERNAL_ERROR, 'internal');
  });

  app.setNotFoundHandler((request, reply) =>
    send(reply, 404, `Route ${request.method} ${request.url.split('?')[0]} not found.`, 'not-found'),
  );
}

/** The spec's login client reads `status`: keep it on every failed login answer. */
function loginExtra(request: FastifyRequest): Record<string, unknown> {
  return request.routeOptions.url === paths.login.url ? { status: 'FAILED' } : {};
}
