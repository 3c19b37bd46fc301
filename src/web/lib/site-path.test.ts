import { describe, expect, it } from 'vitest';
import { sitePath } from './site-path.ts';

describe('sitePath', () => {
  it('keeps a path on this site, and falls back for anything else', () => {
    expect(sitePath('/members/12/chat', '/members')).toBe('/members/12/chat');
    for (const other of [null, undefined, '', 'https://evil.example/', '//evil.example', '/\\evil.example'])
      expect(sitePath(other, '/members')).toBe('/members');
  });
});
