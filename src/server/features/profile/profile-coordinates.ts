import { and, asc, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';
import { coordinatesOf } from './profile.service.ts';

const BATCH_SIZE = 500;

/**
 * Profiles stored before coordinates were kept (migration profile-coordinates) get those of their
 * city, at start: every write of a place sets them since (coordinatesOf). A city the table lacks
 * stays without, and is looked at again at the next start (a lookup in memory, no harm).
 * Several instances starting at once write the same values.
 */
export async function fillMissingCoordinates(db: Database, log?: (msg: string) => void): Promise<number> {
  let filled = 0;
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select({
        id: profiles.userId,
        country: profiles.country,
        region: profiles.region,
        city: profiles.city,
      })
      .from(profiles)
      .where(and(isNotNull(profiles.city), isNull(profiles.latitude), gt(profiles.userId, afterId)))
      .orderBy(asc(profiles.userId))
      .limit(BATCH_SIZE);
    const last = rows.at(-1);
    if (!last) break;
    afterId = last.id;
    const found = rows.flatMap((row) => {
      const { latitude, longitude } = coordinatesOf(row.country, row.region, row.city);
      return latitude === null || longitude === null
        ? []
        : [sql`(${row.id}::bigint, ${latitude}::float8, ${longitude}::float8)`];
    });
    if (found.length === 0) continue;
    // Only where the place is still the one looked up and nobody set coordinates meanwhile.
    await db.execute(sql`
      update ${profiles} set latitude = v.lat, longitude = v.lon
      from (values ${sql.join(found, sql`, `)}) as v(id, lat, lon)
      where ${profiles.userId} = v.id and ${profiles.latitude} is null`);
    filled += found.length;
  }
  if (filled > 0) log?.(`profile coordinates: ${filled} profiles got the coordinates of their city`);
  return filled;
}
