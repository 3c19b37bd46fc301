import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTEREST_KEYS } from '../interests.ts';
import { LOCALES, NAMESPACES } from './locales.ts';
import { isPluralGroup } from './translator.ts';

const DIR = path.resolve(import.meta.dirname, 'locales');

type Flat = Record<string, string>;
/** A plural group counts as one key (its `other` text); its forms are checked per locale below. */
function flatten(value: unknown, prefix = '', out: Flat = {}, plurals: Record<string, string[]> = {}): Flat {
  if (typeof value === 'string') out[prefix] = value;
  else if (isPluralGroup(value)) {
    out[prefix] = value.other ?? '';
    plurals[prefix] = Object.keys(value).sort();
  } else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out, plurals);
  return out;
}
const placeholders = (text: string) => [...new Set(text.match(/\{[a-z_]+\}/g) ?? [])].sort();
const read = (locale: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.join(DIR, locale, `${ns}.json`), 'utf8'));
const load = (locale: string, ns: string) => flatten(read(locale, ns));
const pluralsOf = (locale: string, ns: string) => {
  const plurals: Record<string, string[]> = {};
  flatten(read(locale, ns), '', {}, plurals);
  return plurals;
};

/** The forms a locale's rules pick for whole numbers (French 'many' is only for millions), plus other. */
function neededForms(locale: string): string[] {
  const rules = new Intl.PluralRules(locale);
  const forms = new Set(['other']);
  for (let n = 0; n <= 1000; n += 1) forms.add(rules.select(n));
  return [...forms].sort();
}

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

  it.each(LOCALES)(
    '%s writes placeholders as the translator reads them: {name}, never {{name}}',
    (locale) => {
      const doubled = Object.entries(load(locale, ns)).filter(([, text]) => /\{\{/.test(text));
      expect(doubled.map(([key]) => key)).toEqual([]);
    },
  );

  it.each(LOCALES)('%s has the plural forms its language needs, and only real ones', (locale) => {
    const own = pluralsOf(locale, ns);
    expect(Object.keys(own).sort()).toEqual(Object.keys(pluralsOf('en', ns)).sort());
    const allowed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    for (const [key, forms] of Object.entries(own)) {
      expect({ key, missing: neededForms(locale).filter((f) => !forms.includes(f)) }).toEqual({
        key,
        missing: [],
      });
      expect({ key, unused: forms.filter((f) => !allowed.includes(f as Intl.LDMLPluralRule)) }).toEqual({
        key,
        unused: [],
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
