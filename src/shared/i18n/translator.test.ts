import { describe, expect, it } from 'vitest';
import { createTranslator, interpolate, lookup } from './translator.ts';

describe('translator', () => {
  const nl = { a: { b: 'Hallo {name}, je bent {age}' }, only_nl: 'x' };
  const en = { a: { b: 'Hello {name}' }, missing: 'From English {n}' };
  const t = createTranslator(nl, en);

  it('finds nested keys and fills placeholders', () => {
    expect(t('a.b', { name: 'Sanne', age: 31 })).toBe('Hallo Sanne, je bent 31');
  });
  it('falls back to English, then to the key', () => {
    expect(t('missing', { n: 2 })).toBe('From English 2');
    expect(t('nowhere.at.all')).toBe('nowhere.at.all');
  });
  it('leaves unknown placeholders visible', () => {
    expect(interpolate('{min_age}+', {})).toBe('{min_age}+');
    expect(interpolate('{min_age}+', { min_age: 18 })).toBe('18+');
  });
  it('looks up objects too', () => {
    expect(lookup(nl, 'a')).toEqual({ b: 'Hallo {name}, je bent {age}' });
    expect(lookup(nl, 'a.b.c')).toBeUndefined();
  });
});
