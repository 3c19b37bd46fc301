import { and, eq, isNull } from 'drizzle-orm';
import type { OwnProfile, ProfileUpdate } from '../../../shared/contracts/profile.ts';
import type { Queryable, Tx } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';
import { validationFailed } from '../../plugins/errors.ts';
import { authorize } from '../../policy/policy.ts';
import { profileNotFound } from '../../policy/refusals.ts';
import type { MemberViewer } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import { findAccount } from '../auth/accounts.service.ts';
import { locatePlace } from '../geocode/geocode.service.ts';
import { recordTextChange } from '../moderation/text-changes.ts';
import { isRegionOf } from '../regions/regions.service.ts';
import { presentOwnProfile } from './profile.presenter.ts';

/** Free texts: surrounding space trimmed (the schema did), and an empty text means "not filled in". */
const textOrNull = (value: string | null | undefined) => (value ? value : null);

/**
 * The logged-in member's own profile. Always the caller's (there is no way to name another member);
 * the policy still has the last word, so an admin's edit later changes the rule, not this code.
 */
export async function getOwnProfile(
  services: Pick<AppServices, 'db' | 'now'>,
  member: MemberViewer,
): Promise<OwnProfile> {
  const [account, [profile]] = await Promise.all([
    findAccount(services.db, member.id),
    services.db.select().from(profiles).where(eq(profiles.userId, member.id)),
  ]);
  if (!account || !profile) throw profileNotFound();
  authorize(member, 'profile.edit', { ownerId: profile.userId });
  return presentOwnProfile(account, profile, services.now());
}

/**
 * Saves the fields present in the update (absent ones stay as they are) and returns the saved
 * profile. The region must be one of the country's; a change of country drops a region of the
 * old one. Runs with the row locked, so two saves at once cannot leave a region of one country
 * beside another country.
 */
export async function updateOwnProfile(
  services: Pick<AppServices, 'db' | 'now' | 'sessions'>,
  member: MemberViewer,
  update: ProfileUpdate,
): Promise<OwnProfile> {
  const userId = member.id;
  const now = services.now();
  const saved = await services.db.transaction(async (tx) => {
    const [current] = await tx.select().from(profiles).where(eq(profiles.userId, userId)).for('update');
    if (!current) throw profileNotFound();
    authorize(member, 'profile.edit', { ownerId: current.userId });

    const row = await applyProfileUpdate(tx, current, update, now, { moderated: true });
    const user = await findAccount(tx, userId);
    if (!row || !user) throw profileNotFound();
    return { row, user };
  });
  // GET /api/user.php carries the region, city, gender ... from the session cache: every
  // instance drops its copy, so the next read shows the change.
  await services.sessions.invalidateUser(userId);
  return presentOwnProfile(saved.user, saved.row, now);
}

/** The profile's editable fields, and the birth date the back office may also correct. */
export type ProfileChanges = ProfileUpdate & { date_of_birth?: string };

/**
 * Writes the fields present in the update to a profile row the caller locked, with the rules of
 * the member's own form (a region of the country, coordinates with the place). `moderated`: a
 * changed about-me text goes to the moderators' queue, as a member's own does; the back office's
 * fictional profiles are written by staff and are not.
 */
async function applyProfileUpdate(
  tx: Tx,
  current: typeof profiles.$inferSelect,
  update: ProfileChanges,
  now: Date,
  options: { moderated: boolean },
) {
  const userId = current.userId;
  const country = update.country ?? current.country;
  let region = update.region === undefined ? current.region : update.region;
  if (region !== null && !isRegionOf(country, region)) {
    // A region the member chose that does not fit is an error; one left over from the old
    // country is simply cleared.
    if (update.region !== undefined) throw validationFailed({ region: ['region_invalid'] });
    region = null;
  }

  const changes: Partial<typeof profiles.$inferInsert> = { country, region, updatedAt: now };
  if (update.date_of_birth !== undefined) changes.birthDate = update.date_of_birth;
  if (update.gender !== undefined) changes.gender = update.gender;
  if (update.sexuality !== undefined) changes.sexuality = update.sexuality;
  if (update.city !== undefined) changes.city = textOrNull(update.city);
  if (update.about_me !== undefined) changes.aboutMe = textOrNull(update.about_me);
  if (update.hair_color !== undefined) changes.hairColor = update.hair_color;
  if (update.eye_color !== undefined) changes.eyeColor = update.eye_color;
  if (update.body_type !== undefined) changes.bodyType = update.body_type;
  if (update.relationship_status !== undefined) changes.relationshipStatus = update.relationship_status;
  if (update.tattoos !== undefined) changes.tattoos = update.tattoos;
  if (update.signup_reason !== undefined) changes.signupReason = update.signup_reason;
  if (update.interests !== undefined) changes.interests = [...new Set(update.interests)];
  Object.assign(
    changes,
    coordinatesOf(country, region, changes.city === undefined ? current.city : changes.city),
  );

  const [row] = await tx.update(profiles).set(changes).where(eq(profiles.userId, userId)).returning();
  // Published at once, checked after: a moderator sees the text before and after.
  if (options.moderated && changes.aboutMe !== undefined)
    await recordTextChange(tx, {
      userId,
      field: 'about_me',
      before: current.aboutMe,
      after: changes.aboutMe,
      now,
    });
  return row;
}

/**
 * The back office's edit of a profile it manages: locked, then written as applyProfileUpdate does.
 * The row as the lock found it comes back too, for the caller's audit of what the edit replaced.
 */
export async function updateProfileOf(tx: Tx, userId: number, update: ProfileChanges, now: Date) {
  const [current] = await tx.select().from(profiles).where(eq(profiles.userId, userId)).for('update');
  if (!current) throw profileNotFound();
  return { before: current, after: await applyProfileUpdate(tx, current, update, now, { moderated: false }) };
}

/**
 * A moderator refused the member's about-me text: the one before it comes back, in the decision's
 * transaction, but only while the refused text is still the one shown.
 */
export async function restoreAboutMe(
  tx: Tx,
  userId: number,
  refused: string | null,
  previous: string | null,
) {
  const [current] = await tx
    .select({ aboutMe: profiles.aboutMe })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .for('update');
  if (!current || current.aboutMe !== refused) return false;
  await tx.update(profiles).set({ aboutMe: previous }).where(eq(profiles.userId, userId));
  return true;
}

/** The demo seed's published about-me texts, queued for the moderators like a member's own. */
export async function publishAboutMe(tx: Tx, userId: number, text: string, now: Date) {
  const [current] = await tx
    .select({ aboutMe: profiles.aboutMe })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .for('update');
  if (!current) return;
  await tx.update(profiles).set({ aboutMe: text, updatedAt: now }).where(eq(profiles.userId, userId));
  await recordTextChange(tx, { userId, field: 'about_me', before: current.aboutMe, after: text, now });
}

/** The profile's coordinates follow its place in every write, so a distance is never from an old city. */
export function coordinatesOf(country: string, region: string | null, city: string | null) {
  const point = locatePlace(country, region, city);
  return { latitude: point?.lat ?? null, longitude: point?.lon ?? null };
}

export type NewProfile = Omit<typeof profiles.$inferInsert, 'userId'>;

/**
 * What a sign-up form says of the member (their own, or staff's for a fictional profile) as the
 * profile's columns; an empty region or city is none.
 */
export const profileBasicsOf = (input: {
  date_of_birth: string;
  gender: NewProfile['gender'];
  sexuality: NewProfile['sexuality'];
  country: string;
  region?: string | null;
  city?: string | null;
}) => ({
  birthDate: input.date_of_birth,
  gender: input.gender,
  sexuality: input.sexuality,
  country: input.country,
  region: input.region || null,
  city: input.city || null,
});

/** The profile of a new account, in the sign-up's transaction (auth creates the account). */
export async function createProfile(tx: Tx, userId: number, values: NewProfile): Promise<void> {
  await tx.insert(profiles).values({
    userId,
    ...values,
    ...coordinatesOf(values.country, values.region ?? null, values.city ?? null),
  });
}

/** The parts /complete-signup asks for (birth date, place), in the caller's transaction. */
export async function completeSignupProfile(
  tx: Tx,
  userId: number,
  changes: Partial<Pick<typeof profiles.$inferInsert, 'birthDate' | 'country' | 'region' | 'city'>>,
  now: Date,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  const [current] = await tx
    .select({ country: profiles.country, region: profiles.region, city: profiles.city })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!current) return;
  const place = { ...current, ...changes };
  await tx
    .update(profiles)
    .set({
      ...changes,
      ...coordinatesOf(place.country, place.region ?? null, place.city ?? null),
      updatedAt: now,
    })
    .where(eq(profiles.userId, userId));
}

/** The member's main photo id, if any. */
export async function findMainPhotoId(db: Queryable, userId: number): Promise<number | null | undefined> {
  const [profile] = await db
    .select({ mainPhotoId: profiles.mainPhotoId })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return profile === undefined ? undefined : profile.mainPhotoId;
}

/** The main photo id with the profile row locked, so changes of the main photo run one at a time. */
export async function lockMainPhotoId(tx: Tx, userId: number): Promise<number | null> {
  const [profile] = await tx
    .select({ mainPhotoId: profiles.mainPhotoId })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .for('update');
  return profile?.mainPhotoId ?? null;
}

/** Sets (or clears) the main photo, in the photos feature's transaction. */
export async function setMainPhotoId(tx: Tx, userId: number, photoId: number | null): Promise<void> {
  await tx.update(profiles).set({ mainPhotoId: photoId }).where(eq(profiles.userId, userId));
}

/** Makes the photo main only if the member has none; whether it did, decided in the one statement. */
export async function claimMainPhoto(tx: Tx, userId: number, photoId: number): Promise<boolean> {
  const claimed = await tx
    .update(profiles)
    .set({ mainPhotoId: photoId })
    .where(and(eq(profiles.userId, userId), isNull(profiles.mainPhotoId)))
    .returning({ userId: profiles.userId });
  return claimed.length > 0;
}

/** The profile of an account being erased (the erasure's transaction). */
export async function eraseProfileOf(tx: Tx, userId: number): Promise<void> {
  await tx.delete(profiles).where(eq(profiles.userId, userId));
}
