import { describe, expect, it } from 'vitest';
import { isLegalPage, toBlocks } from './legal-text.ts';

describe('legal text', () => {
  it('splits paragraphs and lists', () => {
    expect(toBlocks('First line\ncontinues.\n\n- one\n- two\n\nLast.')).toEqual([
      { type: 'p', text: 'First line continues.' },
      { type: 'ul', items: ['one', 'two'] },
      { type: 'p', text: 'Last.' },
    ]);
  });
  it('knows the seven pages', () => {
    expect(isLegalPage('return-policy')).toBe(true);
    expect(isLegalPage('admin')).toBe(false);
  });
});
