import {
  ageOn,
  type MemberCard,
  type MemberPhoto,
  type MemberProfile,
  type MemberResponse,
  type SearchResponse,
} from '../../../shared/contracts/members.ts';
import type { ProfileField } from '../../../shared/contracts/settings.ts';
import { photoFileKey } from '../photos/photos.keys.ts';
import type { MemberProfileResult, ProfilePhotoRow } from './profile-view.service.ts';
import type { SearchResult } from './search.service.ts';

type MainImage = NonNullable<MemberCard['main_image']>;

export type CardRow = {
  id: number;
  name: string;
  fictional: boolean;
  birthDate: string;
  gender: 'male' | 'female';
  country: string;
  region: string | null;
  city: string | null;
  /** The main photo, if any and if shown to others at all; callers pass null otherwise. */
  photoKey: string | null;
  photoStatus: 'pending' | 'approved' | 'rejected' | null;
  /** The viewer may not see this photo: only its blurred variant is sent. */
  photoLocked?: boolean;
  /**
   * False: the media route would refuse the viewer this member's files (media.serve: a hidden
   * member, shown in a conversation that goes on), so no address is sent and the card shows its
   * placeholder instead of a broken image.
   */
  photoServable?: boolean;
  /** The viewer (a member) likes them; absent for visitors. */
  liked?: boolean;
  /** Exact kilometres to the viewer's place (suits-viewer.ts distanceKm); null or absent: unknown. */
  distanceKm?: number | null;
};

type Visibility = { visibleFields?: readonly ProfileField[] };

const shows = (visibility: Visibility, field: ProfileField) =>
  visibility.visibleFields === undefined || visibility.visibleFields.includes(field);

/** Image paths are relative to settings.cdn_prefix, as in the spec's main_image. */
function presentMainImage(
  key: string,
  status: 'pending' | 'approved' | 'rejected',
  locked: boolean,
): MainImage {
  // The blur lives under p/ whatever the photo: a locked photo never yields an x/ address.
  if (locked)
    return { filename: photoFileKey(key, 'blur'), thumb_filename: photoFileKey(key, 'blur'), status };
  return { filename: photoFileKey(key, 'medium'), thumb_filename: photoFileKey(key, 'thumb'), status };
}

/**
 * Who a member is on any list of members (the cards, the staff's list of fictional profiles): name,
 * age and where they live, the region and city as far as the settings show them.
 */
export function presentMemberBasics(
  row: Pick<CardRow, 'id' | 'name' | 'birthDate' | 'gender' | 'country' | 'region' | 'city'>,
  now: Date,
  visibility: Visibility = {},
) {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.birthDate, now),
    gender: row.gender,
    country: row.country,
    region: shows(visibility, 'region') ? row.region : null,
    city: shows(visibility, 'city') ? row.city : null,
  };
}

export function presentMemberCard(row: CardRow, now: Date, visibility: Visibility = {}): MemberCard {
  return {
    ...presentMemberBasics(row, now, visibility),
    fictional: row.fictional,
    main_image:
      row.photoKey && row.photoStatus && row.photoServable !== false
        ? presentMainImage(row.photoKey, row.photoStatus, row.photoLocked === true)
        : null,
    ...(row.liked !== undefined ? { liked: row.liked } : {}),
    ...distanceOf(row.distanceKm),
  };
}

/** Kilometres as they leave the server: coarse enough to say how far, never where (see MemberCardSchema). */
function roundDistanceKm(km: number): number {
  if (km < 5) return 0;
  if (km < 100) return Math.round(km);
  return Math.round(km / 10) * 10;
}

function distanceOf(km: number | null | undefined): { distance_km?: number } {
  return km === null || km === undefined || !Number.isFinite(km) ? {} : { distance_km: roundDistanceKm(km) };
}

export function presentSearch(result: SearchResult, now: Date): SearchResponse {
  const visibility = { visibleFields: result.visibleFields };
  return {
    members: result.members.map((m) => presentMemberCard(m, now, visibility)),
    total: result.total.count,
    total_more: result.total.more,
    next_cursor: result.nextCursor,
    similar: result.similar
      ? {
          members: result.similar.members.map((m) => presentMemberCard(m, now, visibility)),
          total: result.similar.total.count,
          total_more: result.similar.total.more,
        }
      : null,
  };
}

function presentMemberPhoto(photo: ProfilePhotoRow): MemberPhoto {
  const { storageKey: key, locked } = photo;
  return {
    id: photo.id,
    locked,
    status: photo.status,
    thumb_filename: photoFileKey(key, locked ? 'blur' : 'thumb'),
    filename: photoFileKey(key, locked ? 'blur' : 'medium'),
    large_filename: photoFileKey(key, locked ? 'blur' : 'large'),
    width: photo.width,
    height: photo.height,
  };
}

/** Fields the domain hides (settings.visible_profile_fields) are sent empty, not hidden by the page. */
export function presentMemberProfile(result: MemberProfileResult, now: Date): MemberResponse {
  const { user, profile } = result;
  const visibility = { visibleFields: result.visibleFields };
  const field = <T>(name: ProfileField, value: T | null): T | null =>
    shows(visibility, name) ? value : null;
  const main = result.photos[0]?.id === profile.mainPhotoId ? result.photos[0] : undefined;
  const member: MemberProfile = {
    id: user.id,
    name: user.name,
    age: ageOn(profile.birthDate, now),
    gender: profile.gender,
    country: profile.country,
    region: field('region', profile.region),
    city: field('city', profile.city),
    fictional: user.fictional,
    main_image: main ? presentMainImage(main.storageKey, main.status, main.locked) : null,
    ...distanceOf(result.distanceKm),
    sexuality: profile.sexuality,
    hair_color: field('hair_color', profile.hairColor),
    eye_color: field('eye_color', profile.eyeColor),
    body_type: field('body_type', profile.bodyType),
    relationship_status: field('relationship_status', profile.relationshipStatus),
    tattoos: field('tattoos', profile.tattoos),
    signup_reason: field('signup_reason', profile.signupReason),
    about_me: field('about_me', profile.aboutMe),
    interests: shows(visibility, 'interests') ? profile.interests : [],
    photos: result.photos.map(presentMemberPhoto),
    locked_photos: result.photos.filter((p) => p.locked).length,
    relation: {
      is_self: result.relation.isSelf,
      blocked_by_viewer: result.relation.blockedByViewer,
      liked_by_viewer: result.relation.likedByViewer,
    },
  };
  return { member, related: result.related.map((m) => presentMemberCard(m, now, visibility)) };
}
