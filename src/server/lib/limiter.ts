/**
 * Runs at most `size` of the given tasks at a time; the others wait their turn in order. The mail
 * pool's hand-overs hold a database connection each while the SMTP server has the mail
 * (docs/decisions/0045), so more of them than the pool has connections would only hold database
 * connections waiting for a free SMTP connection.
 */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

export function createLimiter(size: number): Limiter {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      // The turn passes straight to the next in line, so `running` never drops below the busy count.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
