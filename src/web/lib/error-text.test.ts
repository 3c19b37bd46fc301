import { describe, expect, it } from 'vitest';
import en from '../../shared/i18n/locales/en/common.json' with { type: 'json' };
import pl from '../../shared/i18n/locales/pl/common.json' with { type: 'json' };
import { createTranslator } from '../../shared/i18n/translator.ts';
import { errorText } from './error-text.ts';

const t = createTranslator(en);

describe('errorText', () => {
  it("gives a server code's text with its placeholders", () => {
    expect(errorText(t, 'rate_limited')).toBe(en.errors.rate_limited);
    expect(errorText(t, 'daily_limit_reached', { vars: { limit: 7 } })).toBe(
      en.errors.daily_limit_reached.replace('{limit}', '7'),
    );
  });

  it("gives the browser's own codes their texts", () => {
    expect(errorText(t, 'network_error')).toBe(en.errors.network_error);
  });

  it('falls back for a code this build does not know, for none, and for a key that is no code', () => {
    expect(errorText(t, 'a_code_from_a_newer_server')).toBe(en.errors.general);
    expect(errorText(t, undefined)).toBe(en.errors.general);
    expect(errorText(t, 'title')).toBe(en.errors.general);
    expect(errorText(t, 'nope', { fallback: 'chat.failed' })).toBe(en.chat.failed);
  });

  it('falls back when the language lacks the text and so does the fallback language', () => {
    const bare = createTranslator({ errors: { general: 'Algemeen' } });
    expect(errorText(bare, 'rate_limited')).toBe('Algemeen');
  });

  it("uses the member's language", () => {
    expect(errorText(createTranslator(pl, en, 'pl'), 'rate_limited')).toBe(pl.errors.rate_limited);
  });
});
