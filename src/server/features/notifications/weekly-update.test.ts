import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { blockMember, createMember } from '../../test/members.ts';
import { paceDelayMs, sendWeeklyUpdates } from './weekly-update.ts';

const { services } = await createTestApp();
// A Monday, 11:23 in Amsterdam.
let clock = new Date('2026-11-30T10:23:00Z');
services.now = () => clock;
const DAY = 86_400_000;
const old = new Date('2026-10-01T00:00:00Z');

async function member(name: string, overrides: Parameters<typeof createMember>[1] = {}, createdAt = old) {
  const created = await createMember(services.db, { name, language: 'en', lastActiveAt: old, ...overrides });
  await services.pool.query('update users set signup_date = $1 where id = $2', [createdAt, created.id]);
  return created;
}
const updatesTo = async (email: string) =>
  (await services.mailer.listStored()).filter(
    (m) => m.to === email && m.subject === 'Your week on Liefdesplein',
  );

describe('the weekly update', () => {
  it('tells who liked the member and the new members near them, once a week, and nothing when there is nothing', async () => {
    const anna = await member('Anna', { region: 'NL-NH', city: 'Amsterdam' });
    const quiet = await member('Quiet', { region: 'NL-GR', city: 'Groningen' });
    const off = await member('Off', { region: 'NL-NH', city: 'Amsterdam' });
    await services.pool.query(
      `insert into notification_preferences (user_id, email, push) values ($1, '{new_messages,like}', '{}')`,
      [off.id],
    );
    const recent = new Date(clock.getTime() - 2 * DAY);
    const liker = await member('Liker', { region: 'NL-ZH', city: 'Rotterdam' });
    const blocked = await member('Blocked', { region: 'NL-ZH', city: 'Rotterdam' });
    await services.pool.query(
      'insert into likes (liker_id, liked_id, created_at) values ($1, $2, $3), ($4, $2, $3)',
      [liker.id, anna.id, recent, blocked.id],
    );
    await blockMember(services.db, anna.id, blocked.id);
    // Two new men in Amsterdam and Haarlem (Anna looks for men), one invisible; one far away; a
    // new woman in Amsterdam, whom Anna's search would not show.
    await member('New1', { gender: 'male', region: 'NL-NH', city: 'Amsterdam' }, recent);
    await member('New2', { gender: 'male', region: 'NL-NH', city: 'Haarlem' }, recent);
    await member('Hidden', { gender: 'male', region: 'NL-NH', city: 'Amsterdam', invisible: true }, recent);
    await member('Far', { gender: 'male', region: 'NL-LI', city: 'Maastricht' }, recent);
    await member('NewWoman', { region: 'NL-NH', city: 'Amsterdam' }, recent);

    await sendWeeklyUpdates(services);
    const [update] = await updatesTo(anna.email);
    expect(update?.text).toContain('Members who liked you: 1');
    expect(update?.text).toContain('New members near you: 2');
    expect(update?.envelopeFrom).toMatch(new RegExp(`^bounce\\+${anna.id}\\.`));
    expect(await updatesTo(quiet.email)).toEqual([]);
    expect(await updatesTo(off.email)).toEqual([]);

    // The next hour of the same Monday: not again.
    clock = new Date(clock.getTime() + 3_600_000);
    await sendWeeklyUpdates(services);
    expect(await updatesTo(anna.email)).toHaveLength(1);
  });

  it('stops taking members when its time is up; the next run sends to those left, once', async () => {
    // A new week, and members liked in it: each has something to be told.
    clock = new Date('2026-12-07T10:23:00Z');
    const liker = await member('WeekLiker');
    const liked: { email: string }[] = [];
    for (const name of ['Ina', 'Jet', 'Kim', 'Lot']) {
      const one = await member(name);
      await services.pool.query('insert into likes (liker_id, liked_id, created_at) values ($1, $2, $3)', [
        liker.id,
        one.id,
        new Date(clock.getTime() - DAY),
      ]);
      liked.push(one);
    }
    const told = async () => {
      let n = 0;
      for (const one of liked) n += (await updatesTo(one.email)).length;
      return n;
    };
    const before = await told();

    // Its time was up before it began: no member taken.
    expect(await sendWeeklyUpdates(services, AbortSignal.abort())).toBe(0);
    expect(await told()).toBe(before);
    // The next hour's run tells each of them, once.
    clock = new Date(clock.getTime() + 3_600_000);
    await sendWeeklyUpdates(services);
    expect((await told()) - before).toBe(liked.length);
  });
});

describe('the weekly update’s pace', () => {
  it('lets the mails leave evenly at the rate, never in a burst to catch up', () => {
    // 25 a second: one every 40 ms from the run's start.
    expect([0, 1, 2, 25].map((i) => paceDelayMs(i, 25, 0))).toEqual([0, 40, 80, 1000]);
    // Later into the run, a mail waits only for what is left of its turn.
    expect(paceDelayMs(25, 25, 990)).toBe(10);
    // A mail whose turn has passed (the pool was busy) leaves at once, and the ones after it keep
    // their own turns: no burst beyond the rate.
    expect(paceDelayMs(3, 25, 500)).toBe(0);
    expect(paceDelayMs(20, 25, 500)).toBe(300);
  });
});
