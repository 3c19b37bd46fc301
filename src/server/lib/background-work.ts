/**
 * Work an instance goes on doing after it has answered (a payment notice is stored, answered, then
 * applied). Tracked, so that what must wait for it can: a graceful shutdown, and tests, which wait
 * for a signal the code gives instead of hoping the work is done or sleeping.
 */
export type BackgroundWork = {
  /** Counts `work` as running until it settles; answers it unchanged. */
  track: <T>(work: Promise<T>) => Promise<T>;
  /** How many tracked promises are still running. */
  running: () => number;
  /**
   * Resolves once nothing tracked runs, also what the tracked work started meanwhile; answers
   * whether there was anything to wait for.
   */
  idle: () => Promise<boolean>;
};

export function createBackgroundWork(): BackgroundWork {
  const running = new Set<Promise<unknown>>();
  return {
    track: (work) => {
      const entry = work.then(
        () => undefined,
        () => undefined,
      );
      running.add(entry);
      void entry.then(() => running.delete(entry));
      return work;
    },
    running: () => running.size,
    idle: async () => {
      let waited = false;
      while (running.size > 0) {
        waited = true;
        await Promise.all(running);
      }
      return waited;
    },
  };
}
