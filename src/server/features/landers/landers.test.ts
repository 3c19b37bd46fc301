import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../shared/contracts/staff.ts';
import { attributionDays, trackingRecords } from '../../db/schema/index.ts';
import { createTestApp } from '../../test/app.ts';
import { createMember, logIn } from '../../test/members.ts';
import { scriptedProvider } from '../../test/scripted-provider.ts';
import { hashToken } from '../auth/tokens.ts';
import { applyProviderStatus } from '../payments/checkout/payments.service.ts';
import { setPaymentProvider } from '../payments/providers/provider-choice.ts';
import { addStaff } from '../staff/staff.service.ts';
import { CLI_ACTOR } from '../staff/staff-audit.service.ts';
import { completeStaffSession, createStaffSession } from '../staff/staff-sessions.service.ts';

const { app, services } = await createTestApp();
const clock = new Date('2026-06-01T12:00:00Z');
services.now = () => clock;
const scripted = scriptedProvider();
setPaymentProvider(services, scripted.provider);

let counter = 0;
/** Each sign-up from its own address: the per-IP sign-up limit is auth's test. */
const nextIp = () => {
  counter += 1;
  return `10.44.${Math.floor(counter / 250)}.${counter % 250}`;
};

/** The cookie the SSR route sets when an ad's link carries network and sub ids. */
const adCookie = (network: string, sub1: string) => JSON.stringify({ network, sub1 });

const visit = (query: string, cookies: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/lander-visit.php?${query}`, cookies, remoteAddress: nextIp() });

const landerCookieOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'lander_source');

async function rowOf(key: { network: string; sub1: string; lander: string; slug: string }) {
  const rows = await services.db.select().from(attributionDays);
  return rows.find(
    (r) => r.network === key.network && r.sub1 === key.sub1 && r.lander === key.lander && r.slug === key.slug,
  );
}

async function entrySignup(cookies: Record<string, string>) {
  counter += 1;
  const email = `lander${counter}@example.nl`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/signup-entry.php',
    remoteAddress: nextIp(),
    cookies,
    payload: { email, gender: 'male', sexuality: 'hetero', accept_terms: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { email, id: res.json().user.id as number };
}

const tokenIn = (text: string) =>
  decodeURIComponent(
    new URL(text.match(/https?:\/\/\S+token=\S+/)?.[0] as string).searchParams.get('token') as string,
  );

describe('a lander visit (the beacon)', () => {
  it('is counted under the ad’s network, sub id, lander and slug, and remembered for the sign-up', async () => {
    const res = await visit('lander=maplanding&slug=eng', { traffic_source: adCookie('adnet', 'visit-1') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(landerCookieOf(res)).toMatchObject({ value: 'maplanding/eng', httpOnly: true, path: '/' });
    await visit('lander=maplanding&slug=eng', { traffic_source: adCookie('adnet', 'visit-1') });
    expect(
      await rowOf({ network: 'adnet', sub1: 'visit-1', lander: 'maplanding', slug: 'eng' }),
    ).toMatchObject({
      day: '2026-06-01',
      visits: 2,
      signups: 0,
    });
  });

  it('refuses a lander that does not exist and a slug that is not one, with 400 and no cookie', async () => {
    for (const query of ['lander=nope', 'lander=video&slug=%3Cscript%3E', 'slug=eng']) {
      const res = await visit(query);
      expect(res.statusCode, query).toBe(400);
      expect(landerCookieOf(res), query).toBeUndefined();
    }
  });
});

describe('a sign-up that came through a lander or an entry page', () => {
  it('stores the source (network, sub ids, lander, slug) with the account and counts it; the activation counts once', async () => {
    const cookies = { traffic_source: adCookie('adnet', 'entry-7'), lander_source: 'entry-landing2/eng' };
    const { email, id } = await entrySignup(cookies);
    const [tracking] = await services.db.select().from(trackingRecords).where(eq(trackingRecords.userId, id));
    expect(tracking).toMatchObject({
      network: 'adnet',
      sub1: 'entry-7',
      lander: 'entry-landing2',
      slug: 'eng',
    });
    const key = { network: 'adnet', sub1: 'entry-7', lander: 'entry-landing2', slug: 'eng' };
    expect(await rowOf(key)).toMatchObject({ signups: 1, confirmed: 0 });

    await services.jobs.drain();
    const mail = (await services.mailer.listStored()).find((m) => m.to === email);
    const activate = () =>
      app.inject({
        method: 'GET',
        url: `/api/activate.php?token=${encodeURIComponent(tokenIn(mail?.text ?? ''))}`,
      });
    await activate();
    await activate();
    expect(await rowOf(key)).toMatchObject({ signups: 1, confirmed: 1 });
  });

  it('stores a lander without network parameters, and a sign-up without either as no source', async () => {
    const { id } = await entrySignup({ lander_source: 'tinderswipe' });
    const [tracking] = await services.db.select().from(trackingRecords).where(eq(trackingRecords.userId, id));
    expect(tracking).toMatchObject({ network: null, lander: 'tinderswipe', slug: null });
    const before = (await rowOf({ network: '', sub1: '', lander: '', slug: '' }))?.signups ?? 0;
    const plain = await entrySignup({});
    expect(
      await services.db.select().from(trackingRecords).where(eq(trackingRecords.userId, plain.id)),
    ).toEqual([]);
    expect((await rowOf({ network: '', sub1: '', lander: '', slug: '' }))?.signups).toBe(before + 1);
  });
});

describe('a first purchase', () => {
  it('counts once with its revenue under the account’s source; a second purchase does not', async () => {
    const member = await createMember(services.db, { country: 'NL' });
    await services.db
      .insert(trackingRecords)
      .values({ userId: member.id, network: 'buyers', sub1: 'b-1', lander: 'gallery', slug: null });
    const login = await logIn(services.db, member.id);
    const pay = async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/payment.php',
        payload: { package: 'p0', method: 'ideal' },
        ...login,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { rows } = await services.pool.query(
        'select provider_payment_id, amount_cents, currency from payments where id = $1',
        [res.json().payment_id],
      );
      scripted.set(rows[0].provider_payment_id, 'paid');
      await applyProviderStatus(services, rows[0].provider_payment_id, scripted.provider);
      // A second notice of the same payment changes nothing.
      await applyProviderStatus(services, rows[0].provider_payment_id, scripted.provider);
      return { cents: rows[0].amount_cents as number, currency: rows[0].currency as string };
    };
    const first = await pay();
    await pay();
    expect(await rowOf({ network: 'buyers', sub1: 'b-1', lander: 'gallery', slug: '' })).toMatchObject({
      firstPurchases: 1,
      revenue: { [first.currency]: first.cents },
    });
  });
});

describe('GET /api/admin/attribution.csv', () => {
  async function staffLogin(roles: StaffRole[]) {
    counter += 1;
    const staff = await addStaff(
      services.db,
      CLI_ACTOR,
      { email: `csv${counter}@example.nl`, name: `Csv ${counter}`, password: 'Kantoor-Sleutel-2026!', roles },
      clock,
    );
    const { token } = await createStaffSession(services.db, staff.id, { now: clock });
    await completeStaffSession(services.db, hashToken(token), clock);
    return { cookies: { asid: token } };
  }
  const download = (login?: { cookies: Record<string, string> }) =>
    app.inject({ method: 'GET', url: '/api/admin/attribution.csv', ...login });

  it('gives admins every source and day as CSV, a formula-like sub id defused', async () => {
    await visit('lander=gallery&slug=deu', { traffic_source: adCookie('net,work', '=cmd()') });
    const res = await download(await staffLogin(['admin']));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attribution.csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'day,network,sub_id,lander,slug,visits,signups,confirmed,first_purchases,revenue_cents,currency',
    );
    expect(lines).toContain(`2026-06-01,"net,work",'=cmd(),gallery,deu,1,0,0,0,0,`);
    expect(lines).toContain('2026-06-01,adnet,visit-1,maplanding,eng,2,0,0,0,0,');
  });

  it('refuses visitors, members, and staff without the admin role', async () => {
    expect((await download()).statusCode).toBe(401);
    const member = await logIn(services.db, (await createMember(services.db)).id);
    expect((await download({ cookies: member.cookies })).statusCode).toBe(401);
    for (const role of ['moderator', 'operator'] as const) {
      const res = await download(await staffLogin([role]));
      expect(res.statusCode, role).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
  });
});
