import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  FICTIONAL_PAGE_SIZE,
  type FictionalProfileCreate,
  type FictionalProfileListQuery,
  type FictionalProfileUpdate,
} from '../../../shared/contracts/fictional-profiles.ts';
import { ageOn } from '../../../shared/contracts/members.ts';
import { LIMITS } from '../../../shared/limits.ts';
import type { Queryable, Tx } from '../../db/client.ts';
import { conversations, photos, profiles, users } from '../../db/schema/index.ts';
import { AppError, validationFailed } from '../../plugins/errors.ts';
import { authorize } from '../../policy/policy.ts';
import { type MemberViewer, memberViewerOf, type StaffViewer } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import { hideAccount, showAccount } from '../auth/account-moderation.service.ts';
import {
  createFictionalAccount,
  type FictionalAccount,
  findFictionalAccount,
  updateFictionalAccount,
} from '../auth/fictional-accounts.service.ts';
import { checkRegion } from '../auth/signup.service.ts';
import type { PhotoFile } from '../photos/photo-processor.ts';
import {
  deletePhoto,
  findPhoto,
  type PhotoRow,
  setMainPhoto,
  uploadPhoto,
} from '../photos/photos.service.ts';
import { presentProfileBasics } from '../profile/profile.presenter.ts';
import { createProfile, profileBasicsOf, updateProfileOf } from '../profile/profile.service.ts';
import { type AuditActor, writeAudit } from '../staff/staff-audit.service.ts';

/*
 * The back office's fictional profiles: members with `users.fictional` whom operators answer for.
 * Everything a member's profile is made of is written by its owner's service (auth the account,
 * profile the profile, photos the photos), in this feature's transaction with its audit row; this
 * feature owns no table.
 */

const fictionalProfileNotFound = () =>
  new AppError('fictional_profile_not_found', 404, 'Fictional profile not found');

type Deps = Pick<AppServices, 'db' | 'now' | 'sessions'>;
type Staff = { viewer: StaffViewer; audit: AuditActor };

const target = (id: number) => `member:${id}`;

const summaryColumns = {
  id: users.id,
  name: users.name,
  language: users.language,
  hidden: sql<boolean>`${users.hiddenAt} is not null`,
  createdAt: users.signupDate,
  birthDate: profiles.birthDate,
  gender: profiles.gender,
  country: profiles.country,
  region: profiles.region,
  city: profiles.city,
  photoCount: sql<number>`(select count(*)::int from ${photos} where ${photos.userId} = ${users.id})`,
  waiting: sql<number>`(select count(*)::int from ${conversations}
    where ${conversations.operatedMemberId} = ${users.id} and ${conversations.awaitingReplySince} is not null)`,
};

const fictional = and(eq(users.fictional, true), isNull(users.deletedAt));

export type FictionalSummaryRow = Awaited<ReturnType<typeof listFictionalProfiles>>['rows'][number];

/** A page of the fictional profiles, newest first, by the profile's country and language. */
export async function listFictionalProfiles(
  db: Queryable,
  staff: StaffViewer,
  query: FictionalProfileListQuery,
) {
  authorize(staff, 'profiles.manage');
  const rows = await db
    .select(summaryColumns)
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        fictional,
        query.country ? eq(profiles.country, query.country) : undefined,
        query.language ? eq(users.language, query.language) : undefined,
      ),
    )
    .orderBy(desc(users.id))
    .limit(FICTIONAL_PAGE_SIZE + 1)
    .offset((query.page - 1) * FICTIONAL_PAGE_SIZE);
  return {
    rows: rows.slice(0, FICTIONAL_PAGE_SIZE),
    page: query.page,
    hasMore: rows.length > FICTIONAL_PAGE_SIZE,
  };
}

/** One fictional profile with every field the edit form shows and its photos in their order. */
export async function readFictionalProfile(db: Queryable, staff: StaffViewer, id: number) {
  authorize(staff, 'profiles.manage');
  const [row] = await db
    .select({ ...summaryColumns, profile: profiles })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, id), fictional));
  if (!row) throw fictionalProfileNotFound();
  const own = await db
    .select()
    .from(photos)
    .where(eq(photos.userId, id))
    .orderBy(asc(photos.position), asc(photos.id));
  return { ...row, photos: own, photoLimit: LIMITS.premiumPhotos };
}
export type FictionalProfileRow = Awaited<ReturnType<typeof readFictionalProfile>>;

/** The sign-up's minimum age (the site's setting) and its upper bound, as the sign-up checks them. */
function checkAge(birthDate: string, minAge: number, now: Date) {
  const age = ageOn(birthDate, now);
  if (age < minAge) throw validationFailed({ date_of_birth: ['date_of_birth_min_age'] });
  if (age > 110) throw validationFailed({ date_of_birth: ['invalid_date_of_birth'] });
}

/** Which fields of the profile an audit row records (never the photos' files). */
const profileFieldsOf = (input: FictionalProfileUpdate) => {
  const { about_me: aboutMe, ...rest } = input;
  // The text can be long: the row says it changed, the profile holds it.
  return aboutMe === undefined ? rest : { ...rest, about_me_changed: true };
};

/**
 * The stored value of each profile field the form saves, by the form's names: the audit's "before"
 * of an edit holds what each field sent was until then (the about-me text only as changed or not).
 */
function storedFieldsOf(profile: typeof profiles.$inferSelect, input: FictionalProfileUpdate) {
  const stored: Record<string, unknown> = {
    ...presentProfileBasics(profile),
    hair_color: profile.hairColor,
    eye_color: profile.eyeColor,
    body_type: profile.bodyType,
    relationship_status: profile.relationshipStatus,
    tattoos: profile.tattoos,
    signup_reason: profile.signupReason,
    interests: profile.interests,
  };
  return Object.fromEntries(Object.keys(input).flatMap((key) => (key in stored ? [[key, stored[key]]] : [])));
}

/**
 * A new fictional profile: its account (auth: no password, an address nobody receives), its
 * profile (the member's own rules for every field) and the audit row, in one transaction.
 */
export async function createFictionalProfile(
  services: Deps & Pick<AppServices, 'settings'>,
  staff: Staff,
  input: FictionalProfileCreate,
  domain: string,
): Promise<number> {
  authorize(staff.viewer, 'profiles.manage');
  const now = services.now();
  const { min_age: minAge } = await services.settings.getValues(domain);
  checkAge(input.date_of_birth, minAge, now);
  checkRegion(input.country, input.region);
  return services.db.transaction(async (tx) => {
    const id = await createFictionalAccount(services, tx, {
      name: input.name,
      language: input.language,
      now,
    });
    await createProfile(tx, id, { ...profileBasicsOf(input), updatedAt: now });
    // The optional fields through the member's own form's rules, so both are written one way.
    const { name: _name, language: _language, date_of_birth: _birth, ...fields } = input;
    await updateProfileOf(tx, id, fields, now);
    await writeAudit(
      tx,
      staff.audit,
      { action: 'fictional_profile.create', target: target(id), after: profileFieldsOf(input) },
      now,
    );
    return id;
  });
}

/** A fictional profile's account, locked in the caller's transaction, or 404. */
async function lockProfile(tx: Tx, id: number): Promise<FictionalAccount> {
  const account = await findFictionalAccount(tx, id, { lock: true });
  if (!account) throw fictionalProfileNotFound();
  return account;
}

/** Saves the fields present (absent ones stay), with the audit row of what was asked. */
export async function updateFictionalProfile(
  services: Deps & Pick<AppServices, 'settings'>,
  staff: Staff,
  id: number,
  input: FictionalProfileUpdate,
  domain: string,
) {
  authorize(staff.viewer, 'profiles.manage');
  const now = services.now();
  if (input.date_of_birth !== undefined) {
    const { min_age: minAge } = await services.settings.getValues(domain);
    checkAge(input.date_of_birth, minAge, now);
  }
  await services.db.transaction(async (tx) => {
    const before = await lockProfile(tx, id);
    const { name, language, ...fields } = input;
    await updateFictionalAccount(services, tx, id, { name, language });
    // The profile's row as its update locked it: its "before", without reading it a second time.
    const { before: stored } = await updateProfileOf(tx, id, fields, now);
    await writeAudit(
      tx,
      staff.audit,
      {
        action: 'fictional_profile.update',
        target: target(id),
        before: {
          name: before.name,
          language: before.language,
          ...storedFieldsOf(stored, fields),
        },
        after: profileFieldsOf(input),
      },
      now,
    );
  });
}

/**
 * Hides the profile from members (search, likes, the swipe game, the match finder, its profile
 * page: the hidden state a report's outcome sets) or shows it again. Its conversations stay: the
 * chat keeps a hidden partner's conversation readable. Repeating it changes nothing and writes no row.
 */
export async function setFictionalProfileHidden(services: Deps, staff: Staff, id: number, hidden: boolean) {
  authorize(staff.viewer, 'profiles.manage');
  const now = services.now();
  await services.db.transaction(async (tx) => {
    await lockProfile(tx, id);
    const changed = hidden ? await hideAccount(services, tx, id, now) : await showAccount(services, tx, id);
    if (!changed) return;
    await writeAudit(
      tx,
      staff.audit,
      {
        action: hidden ? 'fictional_profile.hide' : 'fictional_profile.show',
        target: target(id),
        before: { hidden: !hidden },
        after: { hidden },
      },
      now,
    );
  });
}

/** The profile's own member viewer: the photos' rules and pipeline hold for staff's uploads too. */
async function viewerOfProfile(db: Queryable, id: number): Promise<MemberViewer> {
  const account = await findFictionalAccount(db, id);
  if (!account) throw fictionalProfileNotFound();
  return memberViewerOf(account);
}

const photoAudit =
  (staff: Staff, action: string, profileId: number, photo: PhotoRow, now: Date) => (tx: Tx) =>
    writeAudit(tx, staff.audit, { action, target: target(profileId), after: { photo_id: photo.id } }, now);

/** A photo through the photos feature's pipeline, approved at once (a staff upload), public. */
export async function uploadFictionalPhoto(
  services: Deps & Pick<AppServices, 'storage'>,
  staff: Staff,
  id: number,
  file: PhotoFile,
) {
  authorize(staff.viewer, 'profiles.manage');
  const owner = await viewerOfProfile(services.db, id);
  const now = services.now();
  return uploadPhoto(services, owner, file, {
    private: false,
    byStaff: {
      inTransaction: (tx, photo) => photoAudit(staff, 'fictional_profile.photo_add', id, photo, now)(tx),
    },
  });
}

/** The photo's fictional profile, or 404 for a photo of anyone else. */
async function ownerOfPhoto(db: Queryable, photoId: number): Promise<MemberViewer> {
  const photo = await findPhoto(db, photoId);
  if (!photo) throw fictionalProfileNotFound();
  return viewerOfProfile(db, photo.userId);
}

export async function makeFictionalPhotoMain(services: Deps, staff: Staff, photoId: number) {
  authorize(staff.viewer, 'profiles.manage');
  const owner = await ownerOfPhoto(services.db, photoId);
  const now = services.now();
  return setMainPhoto(services, owner, photoId, (tx, photo) =>
    photoAudit(staff, 'fictional_profile.photo_main', owner.id, photo, now)(tx),
  );
}

export async function deleteFictionalPhoto(
  services: Deps & Pick<AppServices, 'storage'>,
  staff: Staff,
  photoId: number,
) {
  authorize(staff.viewer, 'profiles.manage');
  const owner = await ownerOfPhoto(services.db, photoId);
  const now = services.now();
  await deletePhoto(services, owner, photoId, (tx, photo) =>
    photoAudit(staff, 'fictional_profile.photo_delete', owner.id, photo, now)(tx),
  );
  return owner.id;
}

/** The stored key of a fictional profile's photo, for the back office's preview. */
export async function findFictionalPhotoKey(db: Queryable, staff: StaffViewer, photoId: number) {
  authorize(staff, 'profiles.manage');
  const [row] = await db
    .select({ storageKey: photos.storageKey })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.userId))
    .where(and(eq(photos.id, photoId), fictional));
  if (!row) throw fictionalProfileNotFound();
  return row.storageKey;
}
