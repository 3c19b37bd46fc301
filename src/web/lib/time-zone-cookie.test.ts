import { describe, expect, it } from 'vitest';
import { rememberTimeZone } from './time-zone-cookie.ts';

/** A document.cookie stand-in that records what is written. */
function cookieJar(initial: string) {
  const writes: string[] = [];
  return {
    writes,
    doc: {
      get cookie() {
        return initial;
      },
      set cookie(value: string) {
        writes.push(value);
      },
    },
  };
}

describe('rememberTimeZone', () => {
  it('writes the browser’s zone for a year when the cookie lacks it or names another', () => {
    const fresh = cookieJar('i18n_redirected=nl');
    rememberTimeZone(fresh.doc, 'Europe/Amsterdam');
    expect(fresh.writes).toEqual(['tz=Europe/Amsterdam; path=/; max-age=31536000; samesite=lax']);
    const moved = cookieJar('tz=Europe/Amsterdam; i18n_redirected=nl');
    rememberTimeZone(moved.doc, 'America/New_York');
    expect(moved.writes).toEqual(['tz=America/New_York; path=/; max-age=31536000; samesite=lax']);
  });

  it('leaves a cookie that is right alone, and writes nothing without a zone', () => {
    const same = cookieJar('i18n_redirected=nl; tz=Europe/Amsterdam');
    rememberTimeZone(same.doc, 'Europe/Amsterdam');
    expect(same.writes).toEqual([]);
    const none = cookieJar('');
    rememberTimeZone(none.doc, undefined);
    expect(none.writes).toEqual([]);
  });
});
