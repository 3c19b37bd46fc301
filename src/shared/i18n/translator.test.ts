import { describe, expect, it } from 'vitest';
import { createTranslator, dynamicKey, interpolate, lookup } from './translator.ts';

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

describe('plural forms (Intl.PluralRules)', () => {
  const likes = (locale: string, forms: Record<string, string>) =>
    createTranslator({ likes: forms }, { likes: { one: '{count} like', other: '{count} likes' } }, locale);
  const counts = [1, 2, 5, 22, 25];

  it('Dutch and English: one and other', () => {
    const nl = likes('nl', { one: '{count} like', other: '{count} likes' });
    expect(counts.map((n) => nl(dynamicKey('likes'), { count: n }))).toEqual([
      '1 like',
      '2 likes',
      '5 likes',
      '22 likes',
      '25 likes',
    ]);
    const en = likes('en', { one: '{count} like', other: '{count} likes' });
    expect(en(dynamicKey('likes'), { count: 1 })).toBe('1 like');
    expect(en(dynamicKey('likes'), { count: 22 })).toBe('22 likes');
  });

  it('Polish: one, few (2–4, 22–24) and many (5–21, 25 …)', () => {
    const pl = likes('pl', {
      one: '{count} polubienie',
      few: '{count} polubienia',
      many: '{count} polubień',
      other: '{count} polubienia (ułamek)',
    });
    expect(counts.map((n) => pl(dynamicKey('likes'), { count: n }))).toEqual([
      '1 polubienie',
      '2 polubienia',
      '5 polubień',
      '22 polubienia',
      '25 polubień',
    ]);
    expect(pl(dynamicKey('likes'), { count: 1.5 })).toBe('1.5 polubienia (ułamek)');
  });

  it('uses other for a missing form, and the fallback language with its own rules', () => {
    const pl = likes('pl', { one: '{count} polubienie', other: '{count} polubień' });
    expect(pl(dynamicKey('likes'), { count: 5 })).toBe('5 polubień');
    const missing = createTranslator({}, { likes: { one: '{count} like', other: '{count} likes' } }, 'pl');
    expect(missing(dynamicKey('likes'), { count: 1 })).toBe('1 like');
    expect(missing(dynamicKey('likes'), { count: 2 })).toBe('2 likes');
  });

  it('treats a group without a count as other', () => {
    expect(likes('en', { one: 'a like', other: 'likes' })(dynamicKey('likes'))).toBe('likes');
  });
});

describe('generated keys', () => {
  it('keys.generated.ts is current (npm run typecheck writes it)', async () => {
    const fs = await import('node:fs');
    const { generateKeysSource, KEYS_FILE } = await import('../../../scripts/generate-i18n-keys.ts');
    expect(fs.readFileSync(KEYS_FILE, 'utf8')).toBe(generateKeysSource());
  });
});
