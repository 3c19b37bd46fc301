import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { photoStorageKey } from '../../features/photos/photos.keys.ts';
import type { Storage } from '../../lib/storage.ts';
import type { Database } from '../client.ts';
import { photos, profiles, users } from '../schema/index.ts';
import { DEMO_LOGIN_EMAILS } from './demo-logins.ts';
import { buildPortraitSvg, describeAppearance, renderPhoto, storePhoto } from './demo-photos.ts';
import { createRng, DEMO_SEED } from './random.ts';

/** How each login looks: fixed, so every seeded site shows the same two faces. */
const LOOKS: Record<string, { hairColor: 'blonde' | 'brown'; eyeColor: 'blue' | 'green'; bodyType: string }> =
  {
    'demo@liefdesplein.nl': { hairColor: 'blonde', eyeColor: 'green', bodyType: 'slim' },
    'premium@liefdesplein.nl': { hairColor: 'brown', eyeColor: 'blue', bodyType: 'athletic' },
  };

/**
 * A drawn portrait for each demo login that has no main photo yet, approved and made its main
 * photo, the way the demo members' are (demo-photos.ts): a newcomer trying the logins sees a face on
 * their cards and in the chats instead of a letter. Also mends sites seeded before the logins had
 * one. Returns how many photos it added (0 on a second run).
 */
export async function seedDemoLoginPhotos(db: Database, storage: Storage, now = new Date()): Promise<number> {
  const logins = await db
    .select({
      id: users.id,
      email: users.email,
      gender: profiles.gender,
      birthDate: profiles.birthDate,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        eq(users.demo, true),
        inArray(sql`lower(${users.email})`, [...DEMO_LOGIN_EMAILS]),
        isNull(profiles.mainPhotoId),
      ),
    );
  let added = 0;
  for (const login of logins) {
    const email = login.email.toLowerCase();
    const look = LOOKS[email] ?? { hairColor: 'brown', eyeColor: 'brown', bodyType: 'average' };
    const gender = login.gender === 'male' ? 'male' : 'female';
    const age = Math.max(18, now.getUTCFullYear() - Number(String(login.birthDate).slice(0, 4)));
    const rng = createRng(DEMO_SEED).fork(`login:${email}`);
    const appearance = describeAppearance(rng.fork('look'), { gender, age, ...look });
    const rendered = await renderPhoto(buildPortraitSvg(rng.fork('photo'), appearance, { main: true }));
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(photos)
        .values({
          userId: login.id,
          status: 'approved',
          private: false,
          storageKey: '',
          width: rendered.width,
          height: rendered.height,
          position: 0,
          createdAt: now,
        })
        .returning({ id: photos.id });
      if (!row) throw new Error('demo login photo: no row');
      const storageKey = photoStorageKey(login.id, row.id, false);
      // The files first: the row points at them once the transaction commits.
      await storePhoto(storage, storageKey, rendered);
      await tx.update(photos).set({ storageKey }).where(eq(photos.id, row.id));
      await tx.update(profiles).set({ mainPhotoId: row.id }).where(eq(profiles.userId, login.id));
    });
    added += 1;
  }
  return added;
}
