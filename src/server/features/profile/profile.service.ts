import { eq } from 'drizzle-orm';
import type { OwnProfile, ProfileUpdate } from '../../../shared/contracts/profile.ts';
import type { Tx } from '../../db/client.ts';
import { profiles, users } from '../../db/schema/index.ts';
import { validationFailed } from '../../plugins/errors.ts';
import { authorize } from '../../policy/policy.ts';
import { profileNotFound } from '../../policy/refusals.ts';
import type { MemberViewer } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import { isRegionOf } from '../regions/regions.service.ts';
import { presentOwnProfile } from './profile.presenter.ts';

/** Free texts: surrounding space trimmed (the schema did), and an empty text means "not filled in". */
const textOrNull = (value: string | null | undefined) => (value ? value : null);

/**
 * The logged-in member's own profile. Always the caller's (there is no way to name another member);
 * the policy still has the last word, so an admin's edit later changes the rule, not this code.
 */
export async function getOwnProfile(services: AppServices, member: MemberViewer): Promise<OwnProfile> {
  const [row] = await services.db
    .select({ user: { id: users.id, name: users.name }, profile: profiles })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, member.id));
  if (!row) throw profileNotFound();
  authorize(member, 'profile.edit', { ownerId: row.profile.userId });
  return presentOwnProfile(row.user, row.profile, services.now());
}

/**
 * Saves the fields present in the update (absent ones stay as they are) and returns the saved
 * profile. The region must be one of the country's; a change of country drops a region of the
 * old one. Runs with the row locked, so two saves at once cannot leave a region of one country
 * beside another country.
 */
export async function updateOwnProfile(
  services: AppServices,
  member: MemberViewer,
  update: ProfileUpdate,
): Promise<OwnProfile> {
  const userId = member.id;
  const now = services.now();
  const saved = await services.db.transaction(async (tx) => {
    const [current] = await tx.select().from(profiles).where(eq(profiles.userId, userId)).for('update');
    if (!current) throw profileNotFound();
    authorize(member, 'profile.edit', { ownerId: current.userId });

    const country = update.country ?? current.country;
    let region = update.region === undefined ? current.region : update.region;
    if (region !== null && !isRegionOf(country, region)) {
      // A region the member chose that does not fit is an error; one left over from the old
      // country is simply cleared.
      if (update.region !== undefined) throw validationFailed({ region: ['region_invalid'] });
      region = null;
    }

    const changes: Partial<typeof profiles.$inferInsert> = { country, region, updatedAt: now };
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

    const [row] = await tx.update(profiles).set(changes).where(eq(profiles.userId, userId)).returning();
    const [user] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.id, userId));
    if (!row || !user) throw profileNotFound();
    return { row, user };
  });
  // GET /api/user.php carries the region, city, gender ... from the session cache: every
  // instance drops its copy, so the next read shows the change.
  await services.sessions.invalidateUser(userId);
  return presentOwnProfile(saved.user, saved.row, now);
}

/** The profile of an account being erased (the erasure's transaction). */
export async function eraseProfileOf(tx: Tx, userId: number): Promise<void> {
  await tx.delete(profiles).where(eq(profiles.userId, userId));
}
