import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilent, Logger } from 'pino';

type Level = Exclude<LevelWithSilent, 'silent'>;
type AnyLogFn = (...args: unknown[]) => void;

/**
 * Fastify gives every request a child logger bound to its request id. pino's child() builds a
 * logger object and serialises the bindings: on a cached call such as settings.php that cost more
 * than the rest of the request together (the benchmark went from 45% to 66% of bare Fastify
 * without it). This child is only made when the request logs something at an enabled level, so a
 * quiet request pays for one small object and every log line still carries its reqId.
 */
class LazyChildLogger implements FastifyBaseLogger {
  #child: Logger | undefined;
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  constructor(parent: Logger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #real(): Logger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }

  #log(level: Level, args: unknown[]) {
    if (!this.#child && !this.#parent.isLevelEnabled(level)) return;
    (this.#real()[level] as AnyLogFn)(...args);
  }

  get level() {
    return this.#child?.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.#real().level = level;
  }
  fatal(...args: unknown[]) {
    this.#log('fatal', args);
  }
  error(...args: unknown[]) {
    this.#log('error', args);
  }
  warn(...args: unknown[]) {
    this.#log('warn', args);
  }
  info(...args: unknown[]) {
    this.#log('info', args);
  }
  debug(...args: unknown[]) {
    this.#log('debug', args);
  }
  trace(...args: unknown[]) {
    this.#log('trace', args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: lazy for pino unless the route asks for its own level or serializers. */
export function createLazyChildLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  // Fastify's no-op logger (logger: false) is not pino and has no isLevelEnabled: its child is free.
  const isPino = typeof (parent as Partial<Logger>).isLevelEnabled === 'function';
  if (!isPino || options.level || options.serializers) return parent.child(bindings, options);
  return new LazyChildLogger(parent as Logger, bindings);
}
