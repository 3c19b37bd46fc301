import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { createMember } from '../../test/members.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { sendWeeklyUpdates } from './weekly-update.ts';

// A real SMTP server that holds its answer to each mail: how many are in its hands at once.
const sink = await startSmtpSink({ hold: true });
const { services } = await createTestApp({ SMTP_URL: sink.url, SMTP_POOL_SIZE: '3' });
afterAll(async () => {
  services.mailer.close();
  await sink.close();
});
// A Monday, 11:23 in Amsterdam.
const clock = new Date('2026-11-30T10:23:00Z');
services.now = () => clock;
const old = new Date('2026-10-01T00:00:00Z');

describe('the weekly update through the pooled mailer', () => {
  it('hands over as many mails at once as the pool has connections, each once and marked sent', async () => {
    const liker = await createMember(services.db, { name: 'Liker', lastActiveAt: old });
    const liked = [];
    for (const name of ['Anna', 'Bea', 'Cato', 'Dido', 'Eva']) {
      const member = await createMember(services.db, { name, language: 'en', lastActiveAt: old });
      await services.pool.query('update users set signup_date = $1 where id = $2', [old, member.id]);
      await services.pool.query('insert into likes (liker_id, liked_id, created_at) values ($1, $2, $3)', [
        liker.id,
        member.id,
        new Date(clock.getTime() - 86_400_000),
      ]);
      liked.push(member);
    }

    const run = sendWeeklyUpdates(services);
    // One after the other, the second mail would wait for the first's answer: never 3 held.
    await vi.waitUntil(() => sink.held === 3, { timeout: 10_000 });
    sink.release();
    expect(await run).toBe(5);
    expect(sink.received.flat().sort()).toEqual(liked.map((m) => m.email.toLowerCase()).sort());
    expect(sink.connections).toBeLessThanOrEqual(3);
    const { rows } = await services.pool.query<{ sent: number }>(
      `select count(*)::int as sent from notification_mails where key like 'weekly:%' and sent_at is not null`,
    );
    expect(rows[0]?.sent).toBe(5);
  });
});
