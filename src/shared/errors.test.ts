import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, VALIDATION_KEYS } from './errors.ts';
import { LOCALES } from './i18n/locales.ts';

const common = (locale: string) =>
  JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, 'i18n/locales', locale, 'common.json'), 'utf8'),
  ) as { errors: Record<string, unknown>; validation: Record<string, unknown> };

describe.each(LOCALES)('texts of the closed code lists in %s', (locale) => {
  const texts = common(locale);

  it('has errors.<code> for every error code', () => {
    const missing = ERROR_CODES.filter((code) => typeof texts.errors[code] !== 'string');
    expect(missing).toEqual([]);
  });

  it('has validation.<key> for every validation key', () => {
    const missing = VALIDATION_KEYS.filter((key) => typeof texts.validation[key] !== 'string');
    expect(missing).toEqual([]);
  });
});

describe('validation keys of the shared contracts', () => {
  // zod messages are plain strings to TypeScript; reading the sources keeps them inside the list.
  const dir = path.resolve(import.meta.dirname, 'contracts');
  const sources = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => fs.readFileSync(path.join(dir, file), 'utf8'))
    .join('\n');
  const used = [...sources.matchAll(/\b(?:error|message): '([a-z0-9_]+)'/g)].map((m) => m[1]);

  it('finds the messages it checks', () => {
    expect(used).toContain('name_too_short');
  });

  it('lists every key a contract uses', () => {
    expect(
      [...new Set(used)].filter((key) => !(VALIDATION_KEYS as readonly string[]).includes(key ?? '')),
    ).toEqual([]);
  });
});
