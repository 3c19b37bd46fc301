import { and, eq, sql } from 'drizzle-orm';
import type { MemberCard } from '../../../shared/contracts/members.ts';
import type { Database } from '../../db/client.ts';
import { photos, profiles, users } from '../../db/schema/index.ts';
import { createPromiseCache } from '../../lib/promise-cache.ts';
import { presentMemberCard } from './members.presenter.ts';
import { visibleMemberCondition } from './members.visibility.ts';
import { cardColumns } from './search.service.ts';

export type HighlightsCache = {
  /** A few members with a public photo for the landing page, from the visitor's country first. */
  list: (country: string | null, now: Date) => Promise<MemberCard[]>;
};

const HIGHLIGHT_COUNT = 8;
const CACHE_MS = 60_000;

async function listHighlightMembers(db: Database, country: string | null, now: Date): Promise<MemberCard[]> {
  const rows = await db
    .select(cardColumns)
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .innerJoin(
      photos,
      and(eq(photos.id, profiles.mainPhotoId), eq(photos.private, false), eq(photos.status, 'approved')),
    )
    .where(visibleMemberCondition)
    // Same country first, then most recently active; a daily shuffle keeps the page alive.
    .orderBy(
      sql`(${profiles.country} = ${country ?? ''}) desc`,
      sql`md5(${users.id}::text || ${now.toISOString().slice(0, 10)})`,
    )
    .limit(HIGHLIGHT_COUNT);
  return rows.map((row) => presentMemberCard(row, now));
}

export function createHighlightsCache(db: Database): HighlightsCache {
  const cache = createPromiseCache<MemberCard[]>({ ttlMs: CACHE_MS });
  return {
    // The services' clock: the daily shuffle and the tests follow it.
    list: (country, now) =>
      cache.get(country ?? '', () => listHighlightMembers(db, country, now), now.getTime()),
  };
}
