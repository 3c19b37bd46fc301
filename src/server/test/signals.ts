/**
 * How tests wait for work that goes on after an answer: by a signal the code gives, never by a
 * sleep or by hoping the work is done (a busy machine runs it late, and the test then reads too early).
 *
 * - `services.jobs.drain()`: the due jobs, the work they and the requests started after answering
 *   (services.background), and the events published meanwhile, heard on that instance.
 * - `services.bus.sync()`: every event committed so far heard, and its listeners run (caches).
 * - `Heard`: what a listener (a bus subscription, a socket) received, with waits that the arrival
 *   itself ends.
 * - Proving that something did not come: a marker that would follow it, then look (`bus.sync()`
 *   for the bus; a marker event on a socket, realtime.test.ts).
 * - A state with no event of its own (a lock wait, a lost connection): `vi.waitUntil`, never a loop.
 */

/** How long a wait for something to arrive may take before the test says what it did not get. */
const ARRIVAL_TIMEOUT_MS = 10_000;

/**
 * What a listener received, in order. `until` waits for an item to arrive and is ended by the
 * arrival (a push), not by polling; it fails with what did come after `timeoutMs`.
 */
export class Heard<T> {
  readonly items: T[] = [];
  private readonly waiters = new Set<() => void>();

  /** The listener to hand to a subscription. */
  readonly push = (item: T): void => {
    this.items.push(item);
    for (const wake of [...this.waiters]) wake();
  };

  /** The first item (from the start) that matches, as soon as it is there. */
  async until(match: (item: T) => boolean, timeoutMs = ARRIVAL_TIMEOUT_MS): Promise<T> {
    const found = () => this.items.find(match);
    await this.waitFor(() => found() !== undefined, timeoutMs, 'the item it waited for');
    return found() as T;
  }

  /** The first `count` items, as soon as that many are there. */
  async count(count: number, timeoutMs = ARRIVAL_TIMEOUT_MS): Promise<T[]> {
    await this.waitFor(() => this.items.length >= count, timeoutMs, `${count} items`);
    return this.items.slice(0, count);
  }

  private waitFor(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const wake = () => {
        if (!done()) return;
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        reject(new Error(`did not get ${what} within ${timeoutMs} ms; got ${JSON.stringify(this.items)}`));
      }, timeoutMs);
      this.waiters.add(wake);
    });
  }
}
