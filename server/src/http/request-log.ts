import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export interface RequestLogOptions {
  /** pino level of the app (LOG_LEVEL). */
  level: string;
  /** A request that took at least this long is logged (warn) whatever its status. */
  slowMs: number;
}

/**
 * Fastify's per-request log lines, trimmed to what an operator acts on. By default Fastify writes
 * two info lines per request ("incoming request", "request completed"); pino writing them
 * synchronously cost more than a public read itself. Still logged: every 5xx answer (error,
 * with method, url, status and time — the error handler has already logged its cause with the
 * stack), every failed write of a response, every slow request (warn), and at LOG_LEVEL debug
 * or trace every request, as before. Fastify's other internal lines keep their defaults.
 */
export class RequestLogController extends LogController {
  private readonly everyRequest: boolean;

  constructor(private readonly opts: RequestLogOptions) {
    super();
    this.everyRequest = opts.level === 'debug' || opts.level === 'trace';
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.everyRequest) request.log.debug({ method: request.method, url: request.url }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    if (error) request.log.error({ ...line(request, status, ms), err: error }, 'request errored');
    else if (status >= 500) request.log.error(line(request, status, ms), 'request failed');
    else if (ms >= this.opts.slowMs) request.log.warn(line(request, status, ms), 'slow request');
    else if (this.everyRequest) request.log.debug(line(request, status, ms), 'request completed');
  }
}

function line(request: FastifyRequest, statusCode: number, ms: number) {
  return { method: request.method, url: request.url, statusCode, responseTime: Math.round(ms * 10) / 10 };
}
