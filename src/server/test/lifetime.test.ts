import { afterAll, describe, expect, it } from 'vitest';
import { closeWhenDone } from './lifetime.ts';

const closed: string[] = [];

describe('closeWhenDone', () => {
  closeWhenDone(() => closed.push('the file set-up'));

  it('closes what a test made when that test finishes', () => {
    closeWhenDone(() => closed.push('the first test'));
    closeWhenDone(() => closed.push('made after it in the same test'));
    expect(closed).toEqual([]);
  });

  it('has closed it before the next test, the last made first', () => {
    expect(closed).toEqual(['made after it in the same test', 'the first test']);
  });
});

afterAll(() => {
  // The file's own hook runs after the describe block's: what the set-up made is closed by now.
  expect(closed).toContain('the file set-up');
});
