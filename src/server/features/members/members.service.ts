import { and, eq, isNull, sql } from 'drizzle-orm';
import type { MemberCard } from '../../../shared/contracts/members.ts';
import type { Database } from '../../db/client.ts';
import { photos, profiles, users } from '../../db/schema/index.ts';
import { presentMemberCard } from './members.presenter.ts';

export type HighlightsCache = {
  /** A few members with a public photo for the landing page, from the visitor's country first. */
  list: (country: string | null, now: Date) => Promise<MemberCard[]>;
};

const HIGHLIGHT_COUNT = 8;
const CACHE_MS = 60_000;

/** Members that anybody may see: active, visible, not being deleted. */
export const visibleMemberCondition = and(
  eq(users.status, 'active'),
  eq(users.invisible, false),
  isNull(users.deletedAt),
);

export async function listHighlightMembers(
  db: Database,
  country: string | null,
  now: Date,
): Promise<MemberCard[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      fictional: users.fictional,
      birthDate: profiles.birthDate,
      gender: profiles.gender,
      country: profiles.country,
      region: profiles.region,
      city: profiles.city,
      photoKey: photos.storageKey,
      photoStatus: photos.status,
    })
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
  const cache = new Map<string, { at: number; value: Promise<MemberCard[]> }>();
  return {
    list: (country, now) => {
      const key = country ?? '';
      const hit = cache.get(key);
      if (hit && now.getTime() - hit.at < CACHE_MS) return hit.value;
      const value = listHighlightMembers(db, country, now);
      value.catch(() => cache.delete(key));
      cache.set(key, { at: now.getTime(), value });
      return value;
    },
  };
}
