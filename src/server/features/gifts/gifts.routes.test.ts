import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SendMessageResponse } from '../../../shared/contracts/chat.ts';
import type { GiftsResponse } from '../../../shared/contracts/gifts.ts';
import { LOCALES } from '../../../shared/i18n/locales.ts';
import { createTestApp } from '../../test/app.ts';
import { createMember, logIn, type TestLogin } from '../../test/members.ts';
import { balanceOf, grantCredits } from '../credits/credits.service.ts';
import { DEFAULT_SETTINGS } from '../settings/settings.defaults.ts';
import { giftPriceRange } from './gifts.presenter.ts';
import { forgetGifts, listGifts } from './gifts.service.ts';

const { app, services } = await createTestApp();

async function giftsOf(login: TestLogin, locale: string) {
  const res = await app.inject({
    url: '/api/gifts.php',
    headers: login.headers,
    cookies: { ...login.cookies, i18n_redirected: locale },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json() as GiftsResponse, headers: res.headers };
}

describe('GET /api/gifts.php', () => {
  it("answers the migration's catalogue in order, named in the caller's language, with prices", async () => {
    const login = await logIn(services.db, (await createMember(services.db)).id);
    const { body, headers } = await giftsOf(login, 'en');
    expect(body.gifts.length).toBeGreaterThanOrEqual(8);
    expect(body.gifts[0]).toMatchObject({
      slug: 'rose',
      name: 'Rose',
      credits: DEFAULT_SETTINGS.gift_credits,
    });
    // Premium gifts cost their own price; the others the domain's gift_credits.
    expect(body.gifts.find((g) => g.slug === 'ring')?.credits).toBe(100);
    expect(headers['cache-control']).toMatch(/^private, max-age=\d+/);

    const dutch = (await giftsOf(login, 'nl')).body.gifts;
    expect(dutch.find((g) => g.slug === 'teddy-bear')?.name).toBe('Teddybeer');
    const polish = (await giftsOf(login, 'pl')).body.gifts;
    expect(polish.find((g) => g.slug === 'teddy-bear')?.name).toBe('Miś');
    // Every gift is named in every locale: no language falls back to another one's names.
    const { rows } = await services.pool.query('select slug, names from gifts where active');
    for (const row of rows) for (const locale of LOCALES) expect(row.names[locale], row.slug).toBeTruthy();
  });

  it('leaves out gifts that are no longer active', async () => {
    const login = await logIn(services.db, (await createMember(services.db)).id);
    await services.pool.query(
      `insert into gifts (slug, names, credits, position) values ('retired', '{"nl":"Weg","en":"Gone"}', null, 1)`,
    );
    forgetGifts(services);
    expect((await giftsOf(login, 'en')).body.gifts.map((g) => g.slug)).toContain('retired');
    await services.pool.query(`update gifts set active = false where slug in ('retired', 'star')`);
    forgetGifts(services);
    const slugs = (await giftsOf(login, 'en')).body.gifts.map((g) => g.slug);
    expect(slugs).not.toContain('retired');
    expect(slugs).not.toContain('star');
    expect(slugs).toContain('rose');
  });

  it("shows the price a send charges: its own, or the domain's gift_credits", async () => {
    const a = await createMember(services.db);
    const b = await createMember(services.db);
    await services.db.transaction((tx) =>
      grantCredits(tx, { userId: a.id, amount: 500, reason: 'test', reference: `test:${a.id}` }),
    );
    const login = await logIn(services.db, a.id);
    forgetGifts(services);
    const { gifts } = (await giftsOf(login, 'nl')).body;
    for (const slug of ['ring', 'rose']) {
      const gift = gifts.find((g) => g.slug === slug);
      if (!gift) throw new Error(`${slug} is not in the catalogue`);
      const res = await app.inject({
        method: 'POST',
        url: '/api/chat-message.php',
        payload: { to: { id: b.id }, client_id: randomUUID(), kind: 'gift', gift: { id: gift.id } },
        ...login,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as SendMessageResponse).message).toMatchObject({
        kind: 'gift',
        credits: gift.credits,
        gift: { id: gift.id, slug, name: gift.name },
      });
    }
    expect(await balanceOf(services.db, a.id)).toBe(500 - 100 - DEFAULT_SETTINGS.gift_credits);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/gifts.php']?.get).toBeDefined();
  });

  it('refuses visitors', async () => {
    const res = await app.inject({ url: '/api/gifts.php' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('authentication_required');
  });
});

describe('giftPriceRange', () => {
  it("spans the catalogue's prices, a gift without its own costing the domain's gift_credits", async () => {
    forgetGifts(services);
    const rows = await listGifts(services);
    expect(giftPriceRange(rows, 30)).toEqual({ min: 30, max: 100 });
    expect(giftPriceRange(rows, 150)).toEqual({ min: 60, max: 150 });
    expect(giftPriceRange([{ id: 1, slug: 'rose', names: {}, credits: null }], 25)).toEqual({
      min: 25,
      max: 25,
    });
    expect(giftPriceRange([], 30)).toBeNull();
  });
});
