import { ageOn, type MemberCard } from '../../../shared/contracts/members.ts';
import { photoFileKey } from '../photos/photos.keys.ts';

type CardRow = {
  id: number;
  name: string;
  fictional: boolean;
  birthDate: string;
  gender: 'male' | 'female';
  country: string;
  region: string | null;
  city: string | null;
  /** Only a photo this viewer may see in full; callers pass null otherwise. */
  photoKey: string | null;
  photoStatus: 'pending' | 'approved' | 'rejected' | null;
};

/** Image paths are relative to settings.cdn_prefix, as in the spec's main_image. */
export function presentMemberCard(row: CardRow, now: Date): MemberCard {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.birthDate, now),
    gender: row.gender,
    country: row.country,
    region: row.region,
    city: row.city,
    fictional: row.fictional,
    main_image:
      row.photoKey && row.photoStatus
        ? {
            filename: photoFileKey(row.photoKey, 'medium'),
            thumb_filename: photoFileKey(row.photoKey, 'thumb'),
            status: row.photoStatus,
          }
        : null,
  };
}
