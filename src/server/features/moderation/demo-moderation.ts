import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { profiles, users } from '../../db/schema/index.ts';
import { notDemoLogin } from '../../db/seed/demo-logins.ts';
import { buildPortraitSvg, describeAppearance, renderPhoto } from '../../db/seed/demo-photos.ts';
import { createRng, DEMO_SEED } from '../../db/seed/random.ts';
import { addAppConfig, readAppConfig } from '../../lib/app-config.ts';
import type { Storage } from '../../lib/storage.ts';
import { addRenderedPhoto } from '../photos/photos.service.ts';
import { publishAboutMe } from '../profile/profile.service.ts';

const MARKER = 'moderation.demo_seeded';
const WAITING_PHOTOS = 4;

/** Texts a moderator should look at twice: a phone number, a link, and two harmless ones. */
const WAITING_TEXTS = [
  'Stuur me een berichtje op 06-12345678, dan spreken we snel af!',
  'Kijk ook eens op mijn website www.voorbeeld-dating.nl voor meer foto’s.',
  'Ik hou van fietsen langs de dijk en een goed boek op zondag.',
  'Nieuw in de stad en benieuwd wie ik hier ontmoet. Koffie?',
];

/**
 * Work for the moderators' queues at once on a demo site: a few demo members with a new photo
 * waiting, and a few with a changed about-me text. Runs once per database (a marker in app_config),
 * so a second seed adds nothing, nor after the moderators have cleared the queues.
 */
export async function seedDemoModeration(db: Database, storage: Storage, now = new Date()): Promise<number> {
  if (await readAppConfig(db, MARKER)) return 0;
  const members = await db
    .select({ id: users.id, gender: profiles.gender, birthDate: profiles.birthDate })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.demo, true), eq(users.fictional, false), notDemoLogin))
    .orderBy(asc(users.id))
    .limit(WAITING_PHOTOS + WAITING_TEXTS.length);
  let added = 0;
  for (const [index, member] of members.entries()) {
    const at = new Date(now.getTime() - (members.length - index) * 7 * 60_000);
    if (index < WAITING_PHOTOS) {
      const rng = createRng(DEMO_SEED).fork(`moderation:${member.id}`);
      const gender = member.gender === 'male' ? 'male' : 'female';
      const age = Math.max(18, now.getUTCFullYear() - Number(String(member.birthDate).slice(0, 4)));
      const look = describeAppearance(rng.fork('look'), {
        gender,
        age,
        hairColor: 'brown',
        eyeColor: 'brown',
        bodyType: 'average',
      });
      const rendered = await renderPhoto(buildPortraitSvg(rng.fork('photo'), look, { main: false }));
      await db.transaction((tx) =>
        addRenderedPhoto(tx, storage, member.id, rendered, { status: 'pending', createdAt: at }),
      );
    } else {
      const text = WAITING_TEXTS[index - WAITING_PHOTOS] ?? '';
      await db.transaction((tx) => publishAboutMe(tx, member.id, text, at));
    }
    added += 1;
  }
  await addAppConfig(db, MARKER, { at: now.toISOString(), added });
  return added;
}
