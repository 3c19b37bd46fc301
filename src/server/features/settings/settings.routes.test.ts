import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SettingsSchema } from '../../../shared/contracts/settings.ts';
import { createTestApp } from '../../test/app.ts';

const { app, services } = await createTestApp({ ALLOW_TEST_GEOIP: '1' });

describe('GET /api/settings.php', () => {
  it('returns every Settings field for the request host with defaults', async () => {
    const res = await app.inject({ url: '/api/settings.php', headers: { host: 'www.example.nl' } });
    expect(res.statusCode).toBe(200);
    const body = SettingsSchema.parse(res.json());
    expect(body.domain).toBe('example.nl');
    expect(body.name).toBe('Liefdesplein');
    expect(body.signups).toBe('all');
    expect(body.signups_open).toBe(true);
    expect(body.countries).toHaveLength(15);
    expect(body.push_public_key.length).toBeGreaterThan(40);
    expect(body.minimum_message_costs.NL).toEqual({ costs: expect.any(Number), currency: 'EUR' });
    expect(body.minimum_message_costs.GB?.currency).toBe('GBP');
  });

  it('serves the same settings compressed when the browser accepts it', async () => {
    const plain = await app.inject({ url: '/api/settings.php' });
    const br = await app.inject({
      url: '/api/settings.php',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await app.inject({ url: '/api/settings.php', headers: { 'accept-encoding': 'gzip' } });
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('answers in the language of the locale cookie', async () => {
    const nl = await app.inject({ url: '/api/settings.php', cookies: { i18n_redirected: 'nl' } });
    const de = await app.inject({ url: '/api/settings.php', cookies: { i18n_redirected: 'de' } });
    expect(nl.json().fictional_plural).toBe('entertainmentprofielen');
    expect(de.json().fictional_plural).not.toBe(nl.json().fictional_plural);
  });

  it('lets a domain query parameter force the domain', async () => {
    await services.settings.update('partner.de', { name: 'Herzplatz', domain_language: 'de_DE' });
    const res = await app.inject({
      url: '/api/settings.php?domain=partner.de',
      headers: { host: 'localhost' },
    });
    expect(res.json().domain).toBe('partner.de');
    expect(res.json().name).toBe('Herzplatz');
  });

  it('stores and applies the domain language when no locale is saved', async () => {
    await services.settings.update('herzplatz.de', { domain_language: 'de_DE' });
    const res = await app.inject({ url: '/api/settings.php', headers: { host: 'herzplatz.de' } });
    const cookie = res.cookies.find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('de');
    expect(cookie?.maxAge).toBe(365 * 24 * 3600);
    const saved = await app.inject({
      url: '/api/settings.php',
      headers: { host: 'herzplatz.de' },
      cookies: { i18n_redirected: 'fr' },
    });
    expect(saved.cookies.find((c) => c.name === 'i18n_redirected')).toBeUndefined();
  });

  it('falls back to nl when the domain language is not supported', async () => {
    await services.settings.update('amor.pt', { domain_language: 'pt_PT' });
    const res = await app.inject({ url: '/api/settings.php', headers: { host: 'amor.pt' } });
    expect(res.cookies.find((c) => c.name === 'i18n_redirected')).toBeUndefined();
    expect(res.json().fictional_plural).toBe('entertainmentprofielen');
  });

  it('opens sign-up and search for visitors with a traffic source only', async () => {
    await services.settings.update('closed.nl', {
      signups: 'with_trafficsource',
      logged_out_search: 'none',
      logged_out_search_trafficsource: 'all',
    });
    const plain = (await app.inject({ url: '/api/settings.php', headers: { host: 'closed.nl' } })).json();
    expect(plain.signups_open).toBe(false);
    expect(plain.logged_out_search_visible).toBe(false);
    const withParam = (
      await app.inject({ url: '/api/settings.php?network=ads&sub1=x', headers: { host: 'closed.nl' } })
    ).json();
    expect(withParam.signups_open).toBe(true);
    expect(withParam.logged_out_search_visible).toBe(true);
    const withCookie = (
      await app.inject({
        url: '/api/settings.php',
        headers: { host: 'closed.nl' },
        cookies: { traffic_source: JSON.stringify({ network: 'ads' }) },
      })
    ).json();
    expect(withCookie.has_traffic_source).toBe(true);
    expect(withCookie.signups_open).toBe(true);
  });

  it('treats any other signups value as closed', async () => {
    await services.settings.update('invite.nl', { signups: 'invite_only' });
    const res = (
      await app.inject({ url: '/api/settings.php?network=x', headers: { host: 'invite.nl' } })
    ).json();
    expect(res.signups_open).toBe(false);
  });

  it('reports the GeoIP country of the request', async () => {
    const res = await app.inject({ url: '/api/settings.php', headers: { 'x-test-geoip-country': 'de' } });
    expect(res.json().geoip_country).toBe('DE');
    expect(res.json().geoip_selected_country).toBe('DE');
    expect(res.json().currency).toBe('EUR');
  });

  it('sees a change at once (cache invalidated) and survives a bad stored value', async () => {
    await services.settings.update('cache.nl', { refund_days: 30 });
    expect((await app.inject({ url: '/api/settings.php?domain=cache.nl' })).json().refund_days).toBe(30);
    await services.settings.update('cache.nl', { refund_days: 21 });
    expect((await app.inject({ url: '/api/settings.php?domain=cache.nl' })).json().refund_days).toBe(21);
    await services.db.execute(
      sql.raw(
        `update site_settings set values = values || '{"message_credits": "lots"}'::jsonb where domain = 'cache.nl'`,
      ),
    );
    services.settings.invalidate('cache.nl');
    const res = await app.inject({ url: '/api/settings.php?domain=cache.nl' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message_credits).toBe(10);
    expect(res.json().refund_days).toBe(21);
  });

  it('refuses an invalid update with a clear error and keeps the stored values', async () => {
    await expect(services.settings.update('cache.nl', { support_email: 'not-an-email' })).rejects.toThrow();
    expect((await services.settings.getValues('cache.nl')).refund_days).toBe(21);
  });
});

describe('GET /api/settings.php and its cache', () => {
  it('a traffic source in the cookie changes the answer', async () => {
    const plain = await app.inject({ url: '/api/settings.php', cookies: { i18n_redirected: 'nl' } });
    const tracked = await app.inject({
      url: '/api/settings.php',
      cookies: { i18n_redirected: 'fr', traffic_source: JSON.stringify({ network: 'adnet', sub1: 'x' }) },
      headers: { 'x-test-geoip-country': 'BE' },
    });
    expect(plain.json().has_traffic_source).toBe(false);
    expect(tracked.json().has_traffic_source).toBe(true);
  });

  it('never answers with settings older than the store', async () => {
    const ask = () =>
      app.inject({
        url: '/api/settings.php',
        cookies: { i18n_redirected: 'nl' },
        headers: { host: 'changing.nl' },
      });
    expect((await ask()).json().name).toBe('Liefdesplein');
    await services.settings.update('changing.nl', { name: 'Nieuwe naam' });
    expect((await ask()).json().name).toBe('Nieuwe naam');
  });
});
