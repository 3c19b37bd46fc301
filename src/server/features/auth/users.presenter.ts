import type { User } from '../../../shared/contracts/auth.ts';
import { ageOn } from '../../../shared/contracts/members.ts';
import type { profiles, users } from '../../db/schema/index.ts';

type UserRow = typeof users.$inferSelect;
type ProfileRow = typeof profiles.$inferSelect;

/** The member's own view of their account: never another member's. */
export function presentUser(
  user: UserRow,
  profile: ProfileRow,
  extra: { csrfToken: string; fictionalIcon: string; now: Date; unreadMessages?: number; newLikes?: number },
): User {
  return {
    id: user.id,
    email: user.email,
    status: user.status,
    credits: user.credits,
    paid_user: user.paidUser,
    signup_date: user.signupDate.toISOString(),
    language: user.language,
    fictional_icon: extra.fictionalIcon,
    notifications_disabled: user.notificationsDisabled,
    profile: {
      id: user.id,
      name: user.name,
      age: ageOn(profile.birthDate, extra.now),
      date_of_birth: profile.birthDate,
      gender: profile.gender,
      sexuality: profile.sexuality,
      country: profile.country,
      region: profile.region,
      city: profile.city,
    },
    csrf_token: extra.csrfToken,
    unread_messages: extra.unreadMessages ?? 0,
    new_likes: extra.newLikes ?? 0,
  };
}
