import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import { z } from 'zod';
import { blocks, likes, notificationMails, profiles, users } from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/durations.ts';
import { defineJob } from '../../lib/jobs.ts';
import type { AppServices } from '../../services.ts';
import { seeksGenderSql } from '../members/suits-viewer.ts';
import {
  type Recipient,
  recipientColumns,
  recipientJoins,
  recipientRefusal,
  sendScheduledMail,
} from './notification-mail-delivery.ts';

/** "Near you": a new member whose city is this close to the member's. */
const WEEKLY_NEARBY_KM = 50;
/** The latitude span of WEEKLY_NEARBY_KM (111 km a degree), the query's first, cheap cut. */
const NEARBY_DEGREES = WEEKLY_NEARBY_KM / 111;

/**
 * How long an hourly run hands mails over at most: the rest are still due, and the next hour's run
 * goes on with them, so two runs never pace side by side.
 */
export const WEEKLY_RUN_MS = 50 * 60_000;

/**
 * Hourly on Mondays: each member's update once that week (the claim's key names the week), the
 * first hour that is not the member's night. One attempt: the next hour's run is the retry, and a
 * retry beside it would pace twice as fast.
 */
export const WEEKLY_UPDATES_JOB = defineJob({
  name: 'weekly-updates',
  payload: z.object({}),
  cron: '23 * * * 1',
  maxAttempts: 1,
  runsUpToMinutes: WEEKLY_RUN_MS / 60_000 + 5,
});

/**
 * How long the `index`th mail of a run waits before it may leave, `elapsedMs` into the run: the
 * mails leave at `mailsPerSecond` at most, evenly, never in a burst to catch up.
 */
export const paceDelayMs = (index: number, mailsPerSecond: number, elapsedMs: number): number =>
  Math.max(0, (index * 1000) / mailsPerSecond - elapsedMs);

/** The Monday (UTC date) of the week `at` is in: the update's key, once a week. */
const weekOf = (at: Date) => {
  const monday = new Date(at.getTime() - ((at.getUTCDay() + 6) % 7) * DAY_MS);
  return monday.toISOString().slice(0, 10);
};

const visible = (alias: string) =>
  sql.raw(
    `${alias}.status = 'active' and not ${alias}.invisible and ${alias}.deleted_at is null and ${alias}.hidden_at is null`,
  );

const noBlock = (a: string, b: string) =>
  sql`not exists (select 1 from ${blocks} b where (b.blocker_id = ${sql.raw(a)} and b.blocked_id = ${sql.raw(b)})
    or (b.blocker_id = ${sql.raw(b)} and b.blocked_id = ${sql.raw(a)}))`;

/** The update's figures under its text: only those that are not zero. */
export const weeklyUpdateLines =
  (figures: { likes: number; new_members: number }) =>
  (t: (key: string, vars?: Record<string, string | number>) => string): string[] => [
    ...(figures.likes > 0 ? [t('mail.weekly_update.likes', { count: figures.likes })] : []),
    ...(figures.new_members > 0 ? [t('mail.weekly_update.new_members', { count: figures.new_members })] : []),
  ];

/**
 * The weekly update: who liked the member and how many new members joined near them in the last
 * seven days, counting only members they may see (visible, no block either way); to members whose
 * switch is on, in their language; nothing when there is nothing to tell. Answers how many left.
 *
 * Paced (WEEKLY_UPDATE_RATE): handed over as fast as the pool allows, 100,000 members' mails took
 * both cores for minutes and the chat's slowest answers grew by two thirds meanwhile. A run stops
 * taking members when `signal` aborts (the hourly job's WEEKLY_RUN_MS); those left are still due.
 */
export async function sendWeeklyUpdates(
  services: Pick<
    AppServices,
    'db' | 'now' | 'env' | 'state' | 'settings' | 'translations' | 'mailer' | 'log'
  >,
  signal?: AbortSignal,
): Promise<number> {
  const now = services.now();
  const since = new Date(now.getTime() - 7 * DAY_MS);
  const week = weekOf(now);
  // One statement for everyone still due this week: the recipient's columns with the figures. A
  // member mailed already (an earlier hour of this Monday) is not counted again. The week's new
  // members (a few in a hundred) are read once, before the members: counted for each member from
  // that short list, not by reading every profile again per member (the benchmark's quadratic plan,
  // docs/performance.md). A new member is near when within the bounding box first (cheap), then
  // the great circle; and of a gender the member looks for.
  const { rows } = await services.db.execute<
    Recipient & { id: number; likes: number; new_members: number }
  >(sql`
    with fresh as materialized (
      select n.id, f.gender, f.latitude, f.longitude from ${users} n join ${profiles} f on f.user_id = n.id
      where n.signup_date > ${since} and ${visible('n')} and f.latitude is not null)
    select u.id, ${recipientColumns(now)},
      (select count(*)::int from ${likes} l join ${users} a on a.id = l.liker_id
        where l.liked_id = u.id and l.created_at > ${since} and ${visible('a')} and ${noBlock('u.id', 'a.id')}) as likes,
      (select count(*)::int from fresh n
        where n.id <> u.id and ${noBlock('u.id', 'n.id')}
          and ${seeksGenderSql(sql`p.sexuality`, sql`p.gender`, sql`n.gender`)}
          and p.latitude is not null
          and n.latitude between p.latitude - ${NEARBY_DEGREES} and p.latitude + ${NEARBY_DEGREES}
          and 12742 * asin(least(1, sqrt(power(sin(radians(n.latitude - p.latitude) / 2), 2)
            + cos(radians(p.latitude)) * cos(radians(n.latitude)) * power(sin(radians(n.longitude - p.longitude) / 2), 2))))
            <= ${WEEKLY_NEARBY_KM}) as new_members
    from ${users} u ${recipientJoins}
    where u.status = 'active' and u.deleted_at is null and u.erased_at is null and u.email_confirmed_at is not null
      and p.user_id is not null
      and not exists (select 1 from ${notificationMails} m where m.key = 'weekly:' || u.id || ${`:${week}`}
        and m.sent_at is not null)`);
  const due = rows.filter(
    (row) => (row.likes > 0 || row.new_members > 0) && !recipientRefusal(row, 'weekly_updates'),
  );
  // As many members at a time as the mail pool has connections: one after the other, each mail
  // waited for its claim, composition and hand-over before the next began (7 mails/s on a
  // connection per mail). Each mail keeps its own claim and sent mark (docs/decisions/0045).
  const inParallel = pLimit(services.mailer.parallel);
  // The pace is of the machine's time, not the services' clock (which tests and the benchmark set).
  const started = performance.now();
  const left = await Promise.all(
    due.map((row, index) =>
      inParallel(async () => {
        const delay = paceDelayMs(index, services.env.weeklyUpdateRate, performance.now() - started);
        if (delay > 0) await sleep(delay, undefined, { signal }).catch(() => {});
        if (signal?.aborted) return false;
        return sendScheduledMail(
          services,
          { ...row, last_active_at: new Date(row.last_active_at) },
          {
            key: `weekly:${row.id}:${week}`,
            userId: row.id,
            kind: 'weekly_update',
            conversationId: null,
            otherName: '',
            path: `/${row.likes > 0 ? 'likes' : 'members'}`,
            lines: weeklyUpdateLines(row),
          },
        );
      }),
    ),
  );
  return left.filter(Boolean).length;
}
