import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../shared/i18n/locales.ts';
import { createTestApp } from '../../test/app.ts';
import { createMember, logIn } from '../../test/members.ts';
import { offlinePagesVersion } from './offline-page.ts';

const { app, services } = await createTestApp();

describe('GET /offline/:locale', () => {
  it.each(LOCALES)('is the offline page in %s, standing alone under its own policy', async (locale) => {
    const res = await app.inject({ method: 'GET', url: `/offline/${locale}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const t = services.translations.t(locale);
    expect(res.body).toContain(`<html lang="${locale}">`);
    for (const key of ['offline.title', 'offline.text', 'offline.retry'] as const) {
      const text = t(key);
      expect(text).not.toBe(key);
      expect(res.body).toContain(text.replaceAll("'", '&#39;'));
    }
    // Its style and retry script run by their hashes; it loads nothing else.
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'; script-src 'sha256-[^']+'/);
    expect(res.body).not.toMatch(/<(link|img)\b|src=/);
    // Fetched by the worker for every language: it never sets the visitor's language.
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('has the same bytes for a member as for a visitor: nothing of the member is in it', async () => {
    const member = await createMember(services.db, { name: 'Offlinetester' });
    const login = await logIn(services.db, member.id);
    const [asVisitor, asMember] = await Promise.all([
      app.inject({ method: 'GET', url: '/offline/de' }),
      app.inject({ method: 'GET', url: '/offline/de', ...login }),
    ]);
    expect(asMember.statusCode).toBe(200);
    expect(asMember.body).toBe(asVisitor.body);
    expect(asMember.body).not.toContain('Offlinetester');
  });

  it('refuses a language the site does not speak', async () => {
    const res = await app.inject({ method: 'GET', url: '/offline/xx' });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /sw-push.js', () => {
  it('is the worker with the offline pages for every language, allowed to fetch from its origin', async () => {
    const res = await app.inject({ method: 'GET', url: '/sw-push.js?v=2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['service-worker-allowed']).toBe('/');
    // A worker runs under its own script's policy: 'none' would stop its fetches of pages.
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; connect-src 'self'");
    const locales = /const OFFLINE_LOCALES = (\[[^\]]*\]);/.exec(res.body)?.[1];
    expect(JSON.parse(String(locales).replaceAll("'", '"'))).toEqual([...LOCALES]);
    expect(res.body).toContain(`const DEFAULT_LOCALE = 'nl';`);
    // Changed texts of the offline page change the worker, so browsers fetch the pages again.
    const version = offlinePagesVersion((locale) => services.translations.t(locale));
    expect(res.body).toContain(`const OFFLINE_VERSION = '${version}';`);
    const changed = offlinePagesVersion((locale) => {
      const t = services.translations.t(locale);
      return ((key: string, ...rest: unknown[]) =>
        key === 'offline.retry'
          ? 'Nog eens'
          : (t as (...args: unknown[]) => string)(key, ...rest)) as typeof t;
    });
    expect(changed).not.toBe(version);
  });
});

describe('GET /app/:locale/manifest.webmanifest', () => {
  const staticManifest = JSON.parse(
    readFileSync(new URL('../../../../public/manifest.webmanifest', import.meta.url), 'utf8'),
  ) as { icons: unknown[] };

  it.each(LOCALES)(
    'is the app in %s: its name and description, starting in that language',
    async (locale) => {
      const res = await app.inject({ method: 'GET', url: `/app/${locale}/manifest.webmanifest` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
      expect(res.headers['set-cookie']).toBeUndefined();
      const manifest = res.json() as Record<string, unknown>;
      const t = services.translations.t(locale);
      expect(t('app_manifest.name')).not.toBe('app_manifest.name');
      expect(manifest).toMatchObject({
        name: t('app_manifest.name', { site_name: 'Liefdesplein' }),
        short_name: 'Liefdesplein',
        description: t('app_manifest.description', { site_name: 'Liefdesplein' }),
        lang: locale,
        start_url: `/app/${locale}`,
        scope: '/',
        id: '/',
        display: 'standalone',
        icons: staticManifest.icons,
      });
      expect(String(manifest.description)).toContain('Liefdesplein');
    },
  );

  it('says the same thing in no two languages', async () => {
    const manifests = await Promise.all(
      LOCALES.map(
        async (locale) =>
          (await app.inject({ method: 'GET', url: `/app/${locale}/manifest.webmanifest` })).json() as {
            name: string;
            description: string;
          },
      ),
    );
    expect(new Set(manifests.map((m) => m.name)).size).toBe(LOCALES.length);
    expect(new Set(manifests.map((m) => m.description)).size).toBe(LOCALES.length);
  });

  it('refuses a language the site does not speak', async () => {
    expect((await app.inject({ method: 'GET', url: '/app/xx/manifest.webmanifest' })).statusCode).toBe(400);
  });
});

describe('GET /app/:locale (the installed app’s start)', () => {
  it('opens the members in the language the app was installed in, on a browser with none chosen', async () => {
    const res = await app.inject({ method: 'GET', url: '/app/de' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/members');
    expect(String(res.headers['set-cookie'])).toMatch(/^i18n_redirected=de;/);
  });

  it('keeps a language the browser chose since', async () => {
    const res = await app.inject({ method: 'GET', url: '/app/de', cookies: { i18n_redirected: 'fr' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/members');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
