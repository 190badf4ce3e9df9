import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

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

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type Level = (typeof LEVELS)[number];
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
/** pino's loggers, which Fastify's type leaves out `isLevelEnabled` of. */
type PinoLike = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger, made only when something is logged (issue 27). Fastify makes a pino child
 * per request (its request id bound), and pino serialises the bindings at once: ~5 % of the API's
 * CPU per request at its floor, for a logger that logs nothing on a request that goes well (only
 * errors and slow requests are logged, RequestLogController). The child here is pino's own,
 * made with the same bindings on the first line at an enabled level, so every line is as before.
 */
class LazyRequestLogger {
  private made: PinoLike | undefined;

  constructor(
    private readonly parent: PinoLike,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private get real(): PinoLike {
    return (this.made ??= this.parent.child(this.bindings, this.options) as PinoLike);
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }

  silent(): void {}

  isLevelEnabled(level: string): boolean {
    return this.made ? this.made.isLevelEnabled(level) : this.parent.isLevelEnabled(level);
  }
}
for (const level of LEVELS) {
  Object.defineProperty(LazyRequestLogger.prototype, level, {
    value(this: LazyRequestLogger, ...args: unknown[]) {
      if (!this.isLevelEnabled(level)) return;
      (this as unknown as { real: Record<Level, (...a: unknown[]) => void> }).real[level](...args);
    },
  });
}

/** Fastify's `childLoggerFactory`: request loggers made on first use (pino), as before otherwise. */
export const lazyRequestLoggers: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) => {
  const inherits = options.level === undefined && options.serializers === undefined;
  if (!inherits || typeof (logger as Partial<PinoLike>).isLevelEnabled !== 'function') return logger.child(bindings, options);
  return new LazyRequestLogger(logger as PinoLike, bindings, options) as unknown as FastifyBaseLogger;
};
