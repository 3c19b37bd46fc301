import { and, eq, sql } from 'drizzle-orm';
import type { MemberCard } from '../../../shared/contracts/members.ts';
import type { Database } from '../../db/client.ts';
import { photos, profiles, users } from '../../db/schema/index.ts';
import { defineStartedState } from '../../feature.ts';
import type { EventBus } from '../../lib/event-bus.ts';
import { createPromiseCache } from '../../lib/promise-cache.ts';
import { can } from '../../policy/policy.ts';
import { NO_BLOCKS } from '../../policy/rules/members.rules.ts';
import { isMember, type Viewer } from '../../policy/viewer.ts';
import { memberVisibilityChanged } from '../auth/accounts.service.ts';
import { findBlockRelations } from '../blocks/blocks.service.ts';
import { presentMemberCard } from './members.presenter.ts';
import { visibleMemberCondition } from './members.visibility.ts';
import { cardColumns } from './search.service.ts';
import { distanceKm, type Seeker, suitsViewerOrder } from './suits-viewer.ts';

export type HighlightsCache = {
  /**
   * A few members with a public photo for the landing page, those who suit the viewer first
   * (suits-viewer.ts: whom they look for, nearby, their country). A member viewer never sees
   * themself or a member blocked either way (the member.list rule).
   */
  list: (seeker: Seeker, now: Date, viewer: Viewer) => Promise<MemberCard[]>;
};

const HIGHLIGHT_COUNT = 8;
/** Cached beyond what is shown: a member's own exclusions (self, blocks) come off a shared list. */
const HIGHLIGHT_SPARE = 8;
const CACHE_MS = 60_000;
/** Members of one city who look for the same share a list; the bound keeps a site of many places in check. */
const CACHE_ENTRIES = 10_000;

const seekerKey = (seeker: Seeker) =>
  JSON.stringify([seeker.genders, seeker.countries, seeker.point?.lat, seeker.point?.lon]);

async function listHighlightMembers(db: Database, seeker: Seeker, now: Date): Promise<MemberCard[]> {
  const rows = await db
    .select({ ...cardColumns, distanceKm: distanceKm(seeker.point) })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .innerJoin(
      photos,
      and(eq(photos.id, profiles.mainPhotoId), eq(photos.private, false), eq(photos.status, 'approved')),
    )
    .where(visibleMemberCondition)
    // Whom the seeker looks for, nearby first; among equals a daily shuffle keeps the page alive.
    .orderBy(
      ...suitsViewerOrder(seeker, now),
      sql`md5(${users.id}::text || ${now.toISOString().slice(0, 10)})`,
    )
    .limit(HIGHLIGHT_COUNT + HIGHLIGHT_SPARE);
  return rows.map((row) => presentMemberCard(row, now));
}

/**
 * The lists are shared by the viewers who seek the same from the same place; a member turning invisible or asking for
 * deletion empties them on every instance (memberVisibilityChanged), so they leave the home page at
 * once rather than after the cache's minute.
 */
async function createHighlightsCache(
  db: Database,
  bus: Pick<EventBus, 'subscribe'>,
): Promise<HighlightsCache> {
  const cache = createPromiseCache<MemberCard[]>({ ttlMs: CACHE_MS, maxEntries: CACHE_ENTRIES });
  await bus.subscribe(memberVisibilityChanged, () => cache.clear());
  return {
    list: async (seeker, now, viewer) => {
      // The services' clock: the daily shuffle and the tests follow it.
      const [cards, relations] = await Promise.all([
        cache.get(seekerKey(seeker), () => listHighlightMembers(db, seeker, now), now.getTime()),
        isMember(viewer) ? findBlockRelations(db, viewer.id) : undefined,
      ]);
      const shown = relations
        ? cards.filter((card) =>
            can(viewer, 'member.list', {
              id: card.id,
              visible: true,
              relation: relations.get(card.id) ?? NO_BLOCKS,
            }),
          )
        : cards;
      return shown.slice(0, HIGHLIGHT_COUNT);
    },
  };
}

/** The home page's highlights of this app: `services.state.of(highlightsState)`. */
export const highlightsState = defineStartedState('members.highlights', ({ db, bus }) =>
  createHighlightsCache(db, bus),
);
