import type { TimeBonusState, User } from '../../../shared/contracts/auth.ts';
import { TIME_BONUS, timeBonusSecondsLeft } from '../../../shared/contracts/discounts.ts';
import { ageOn } from '../../../shared/contracts/members.ts';
import type { profiles, users } from '../../db/schema/index.ts';
import type { UserAnswerCounts } from '../../feature.ts';
import { photoFileKey } from '../photos/photos.keys.ts';
import { presentProfileBasics } from '../profile/profile.presenter.ts';
import type { SessionMainPhoto } from './sessions.service.ts';

type UserRow = typeof users.$inferSelect;

/** The member's time bonus at `now`, or null once they paid or 4 hours after sign-up. */
export function timeBonusOf(
  user: Pick<UserRow, 'signupDate' | 'paidUser'>,
  now: Date,
): TimeBonusState | null {
  const secondsLeft = timeBonusSecondsLeft(user.signupDate, user.paidUser, now);
  if (secondsLeft <= 0) return null;
  return {
    ends_at: new Date(user.signupDate.getTime() + TIME_BONUS.seconds * 1000).toISOString(),
    seconds_left: secondsLeft,
  };
}

type ProfileRow = typeof profiles.$inferSelect;

/** The member's own view of their account: never another member's. */
export function presentUser(
  user: UserRow,
  profile: ProfileRow,
  extra: UserAnswerCounts & {
    csrfToken: string;
    fictionalIcon: string;
    now: Date;
    mainPhoto: SessionMainPhoto | null;
  },
): User {
  return {
    id: user.id,
    email: user.email,
    status: user.status,
    credits: extra.credits,
    paid_user: user.paidUser,
    signup_date: user.signupDate.toISOString(),
    language: user.language,
    fictional_icon: extra.fictionalIcon,
    notifications_disabled: user.notificationsDisabled,
    email_confirmed: user.emailConfirmedAt !== null,
    signup_missing: user.signupMissing,
    invisible: user.invisible,
    profile: {
      id: user.id,
      name: user.name,
      age: ageOn(profile.birthDate, extra.now),
      ...presentProfileBasics(profile),
      // Image paths are relative to settings.cdn_prefix, as everywhere; the owner sees their own
      // photo whatever its status or privacy.
      main_image: extra.mainPhoto
        ? {
            filename: photoFileKey(extra.mainPhoto.storageKey, 'medium'),
            thumb_filename: photoFileKey(extra.mainPhoto.storageKey, 'thumb'),
            status: extra.mainPhoto.status,
          }
        : null,
    },
    csrf_token: extra.csrfToken,
    unread_messages: extra.unreadMessages,
    new_likes: extra.newLikes,
    time_bonus: timeBonusOf(user, extra.now),
    dismissals: user.dismissals,
  };
}
