import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Small domain errors: services throw them, ONE handler (below) turns them into the JSON error
 * body of DESIGN §7 `{ error, message }` (the same text in both, the spec's client reads either).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra fields for the body, e.g. login's `status: 'FAILED'`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class BadRequest extends HttpError {
  constructor(message: string, extra?: Record<string, unknown>) { super(400, message, extra); }
}
export class Unauthorized extends HttpError {
  constructor(message: string, extra?: Record<string, unknown>) { super(401, message, extra); }
}
export class Forbidden extends HttpError {
  constructor(message = 'You are not allowed to do this.') { super(403, message); }
}
export class NotFound extends HttpError {
  constructor(message: string) { super(404, message); }
}
export class Conflict extends HttpError {
  constructor(message: string) { super(409, message); }
}
export class TooMany extends HttpError {
  constructor(message = 'Too many requests, please try again later.') { super(429, message); }
}

export const INTERNAL_ERROR = 'Something went wrong!';

/** Human names for the contract's field names, used in validation messages. */
const FIELD_LABELS: Record<string, string> = {
  firstName: 'First name', lastName: 'Last name', first_name: 'First name', last_name: 'Last name',
  email: 'Email', password: 'Password', phone: 'Phone', title: 'Title', slogan: 'Slogan', about: 'About',
  link: 'URL', max_clicks: 'Max clicks', name: 'Name', user_id: 'User id', userId: 'User id', link_id: 'Link id',
  token: 'Token', username: 'Username', session_id: 'Session id', planName: 'Plan name', duration: 'Duration',
  amount: 'Amount', package_price: 'Package price', package_joined_date: 'Joined date',
  package_expiry_date: 'Expiry date', subscription_status: 'Subscription status', subscription_type: 'Subscription type',
};

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
  let field = (issue.instancePath ?? '').split('/').filter(Boolean).pop();
  if (issue.keyword === 'required') field = String(params.missingProperty ?? field ?? '');
  if (!field && issue.keyword === 'type' && context === 'body') return 'The request body must be a JSON object.';
  const label = field ? (FIELD_LABELS[field] ?? field) : context === 'querystring' ? 'Query' : 'Request';
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
      return `${label} is not valid.`;
    case 'type':
      return `${label} must be ${params.type === 'integer' ? 'a whole number' : `a ${params.type}`}.`;
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

function send(reply: FastifyReply, statusCode: number, message: string, extra: Record<string, unknown> = {}) {
  return reply.status(statusCode).send({ ...extra, error: message, message });
}

/** The one error handler: domain errors, validation, bad JSON, too large, and everything else hidden. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof HttpError) return send(reply, err.statusCode, err.message, err.extra);
    if (err.validation) {
      return send(reply, 400, validationMessage(err.validation as AjvIssue[], err.validationContext), loginExtra(request));
    }
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 400, 'The request body is not valid JSON.');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 413, 'The request body is too large.');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 415, 'Send the request body as JSON (Content-Type: application/json).');
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send(reply, 400, 'The request body length is not valid.');
    }
    // @fastify/rate-limit and other plugins throw errors that carry their own 4xx status.
    const status = err.statusCode ?? 500;
    if (status === 429) return send(reply, 429, 'Too many requests, please try again later.');
    if (status >= 400 && status < 500) return send(reply, status, err.message || 'Bad request.');
    request.log.error({ err }, 'unexpected error');
    return send(reply, 500, INTERNAL_ERROR);
  });

  app.setNotFoundHandler((request, reply) => send(reply, 404, `Route ${request.method} ${request.url.split('?')[0]} not found.`));
}

/** The spec's login client reads `status`: keep it on every failed login answer. */
function loginExtra(request: FastifyRequest): Record<string, unknown> {
  return request.routeOptions.url === '/api/auth/login' ? { status: 'FAILED' } : {};
}
