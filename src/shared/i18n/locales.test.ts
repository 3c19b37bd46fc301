import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTEREST_KEYS } from '../interests.ts';
import { LOCALES, NAMESPACES } from './locales.ts';

const DIR = path.resolve(import.meta.dirname, 'locales');

type Flat = Record<string, string>;
function flatten(value: unknown, prefix = '', out: Flat = {}): Flat {
  if (typeof value === 'string') out[prefix] = value;
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}
const placeholders = (text: string) => [...new Set(text.match(/\{[a-z_]+\}/g) ?? [])].sort();
const load = (locale: string, ns: string) =>
  flatten(JSON.parse(fs.readFileSync(path.join(DIR, locale, `${ns}.json`), 'utf8')));

describe.each(NAMESPACES)('namespace %s', (ns) => {
  const en = load('en', ns);

  it('has English texts', () => {
    expect(Object.keys(en).length).toBeGreaterThan(10);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the keys and placeholders of en', (locale) => {
    const other = load(locale, ns);
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      expect({ key, placeholders: placeholders(other[key] ?? '') }).toEqual({
        key,
        placeholders: placeholders(text),
      });
    }
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s is a translation, not an English copy', (locale) => {
    const other = load(locale, ns);
    const long = Object.entries(en).filter(([, text]) => text.length > 40);
    const copied = long.filter(([key, text]) => other[key] === text);
    expect(copied.length / long.length).toBeLessThan(0.05);
  });
});

describe('spec texts', () => {
  it('keeps the English wording of the spec', () => {
    const en = load('en', 'common');
    expect(en['errors.page_not_found']).toBe('This page could not be found');
    expect(en['errors.general']).toBe('An error occured, please try again later.');
    expect(en['errors.default']).toBe('Error');
  });

  it('labels every interest key', () => {
    for (const locale of LOCALES) {
      const texts = load(locale, 'common');
      for (const key of INTEREST_KEYS) expect(texts[`interests.${key}`], `${locale} ${key}`).toBeTruthy();
    }
  });
});
