import { asc, eq } from 'drizzle-orm';
import { GIFTS_MAX_AGE_SECONDS } from '../../../shared/contracts/gifts.ts';
import type { Database } from '../../db/client.ts';
import { gifts } from '../../db/schema/index.ts';
import type { AppServices } from '../../services.ts';

export type GiftRow = { id: number; slug: string; names: Record<string, string>; credits: number | null };

type Cached = { at: number; rows: Promise<GiftRow[]> };
/**
 * The catalogue per database, kept GIFTS_MAX_AGE_SECONDS: every picker opening asks for it and it
 * changes only when an operator edits it, so an edit shows on every instance within that time.
 */
const catalogues = new WeakMap<Database, Cached>();

async function loadGifts(db: Database): Promise<GiftRow[]> {
  return db
    .select({ id: gifts.id, slug: gifts.slug, names: gifts.names, credits: gifts.credits })
    .from(gifts)
    .where(eq(gifts.active, true))
    .orderBy(asc(gifts.position), asc(gifts.id));
}

/** The active gifts in the catalogue's order, their names in every locale. */
export function listGifts(deps: Pick<AppServices, 'db' | 'now'>): Promise<GiftRow[]> {
  const now = deps.now().getTime();
  const cached = catalogues.get(deps.db);
  if (cached && now - cached.at < GIFTS_MAX_AGE_SECONDS * 1000) return cached.rows;
  const rows = loadGifts(deps.db);
  const entry = { at: now, rows };
  catalogues.set(deps.db, entry);
  // A failed read is not kept: the next opening tries again.
  rows.catch(() => catalogues.get(deps.db) === entry && catalogues.delete(deps.db));
  return rows;
}

/** Drops the cached catalogue (an operator's edit on this instance, a test that changed it). */
export function forgetGifts(db: Database): void {
  catalogues.delete(db);
}
