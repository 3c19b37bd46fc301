import { afterAll, onTestFinished } from 'vitest';
import { getCurrentTest } from 'vitest/suite';

/**
 * Runs `close` when what was made is no longer needed: after the file's tests when made in the
 * file's set-up, after the test when made inside one. Vitest never runs an afterAll hook registered
 * inside a test, so an app a test made for itself stayed open (its database, its jobs) and its data
 * folder stayed behind in the temporary directory. Both run the last registered first.
 */
export function closeWhenDone(close: () => Promise<unknown> | unknown): void {
  const whenDone = getCurrentTest() ? onTestFinished : afterAll;
  whenDone(async () => {
    await close();
  });
}
