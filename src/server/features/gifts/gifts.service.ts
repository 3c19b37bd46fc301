import { asc, eq } from 'drizzle-orm';
import { GIFTS_MAX_AGE_SECONDS } from '../../../shared/contracts/gifts.ts';
import type { Database } from '../../db/client.ts';
import { gifts } from '../../db/schema/index.ts';
import { defineState } from '../../feature.ts';
import type { AppServices } from '../../services.ts';

export type GiftRow = { id: number; slug: string; names: Record<string, string>; credits: number | null };

type Cached = { at: number; rows: Promise<GiftRow[]> };
/**
 * The catalogue, kept GIFTS_MAX_AGE_SECONDS, one per app (gifts.feature.ts lists it): every picker
 * opening asks for it and it changes only when an operator edits it, so an edit shows on every
 * instance within that time.
 */
export const giftCatalogueState = defineState('gifts.catalogue', (): { cached?: Cached } => ({}));

async function loadGifts(db: Database): Promise<GiftRow[]> {
  return db
    .select({ id: gifts.id, slug: gifts.slug, names: gifts.names, credits: gifts.credits })
    .from(gifts)
    .where(eq(gifts.active, true))
    .orderBy(asc(gifts.position), asc(gifts.id));
}

/** The active gifts in the catalogue's order, their names in every locale. */
export function listGifts(deps: Pick<AppServices, 'db' | 'now' | 'state'>): Promise<GiftRow[]> {
  const now = deps.now().getTime();
  const catalogue = deps.state.of(giftCatalogueState);
  const { cached } = catalogue;
  if (cached && now - cached.at < GIFTS_MAX_AGE_SECONDS * 1000) return cached.rows;
  const rows = loadGifts(deps.db);
  const entry = { at: now, rows };
  catalogue.cached = entry;
  // A failed read is not kept: the next opening tries again.
  rows.catch(() => {
    if (catalogue.cached === entry) catalogue.cached = undefined;
  });
  return rows;
}

/** Drops the cached catalogue (an operator's edit on this instance, a test that changed it). */
export function forgetGifts(services: Pick<AppServices, 'state'>): void {
  services.state.of(giftCatalogueState).cached = undefined;
}
