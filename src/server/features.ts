import type { Feature } from './feature.ts';
import { authFeature } from './features/auth/auth.feature.ts';
import { blocksFeature } from './features/blocks/blocks.feature.ts';
import { chatFeature } from './features/chat/chat.feature.ts';
import { companyFeature } from './features/company/company.feature.ts';
import { complaintsFeature } from './features/complaints/complaints.feature.ts';
import { creditsFeature } from './features/credits/credits.feature.ts';
import { devMailFeature } from './features/dev-mail/dev-mail.feature.ts';
import { discountsFeature } from './features/discounts/discounts.feature.ts';
import { fictionalProfilesFeature } from './features/fictional-profiles/fictional-profiles.feature.ts';
import { geocodeFeature } from './features/geocode/geocode.feature.ts';
import { giftsFeature } from './features/gifts/gifts.feature.ts';
import { healthFeature } from './features/health/health.feature.ts';
import { i18nFeature } from './features/i18n/i18n.feature.ts';
import { installableFeature } from './features/installable/installable.feature.ts';
import { interestsFeature } from './features/interests/interests.feature.ts';
import { landersFeature } from './features/landers/landers.feature.ts';
import { likesFeature } from './features/likes/likes.feature.ts';
import { matchFinderFeature } from './features/match-finder/match-finder.feature.ts';
import { mediaFeature } from './features/media/media.feature.ts';
import { membersFeature } from './features/members/members.feature.ts';
import { moderationFeature } from './features/moderation/moderation.feature.ts';
import { notificationsFeature } from './features/notifications/notifications.feature.ts';
import { operatorsFeature } from './features/operators/operators.feature.ts';
import { pageHiddenFeature } from './features/page-hidden/page-hidden.feature.ts';
import { paymentsFeature } from './features/payments/payments.feature.ts';
import { photosFeature } from './features/photos/photos.feature.ts';
import { profileFeature } from './features/profile/profile.feature.ts';
import { pushFeature } from './features/push/push.feature.ts';
import { realtimeFeature } from './features/realtime/realtime.feature.ts';
import { regionsFeature } from './features/regions/regions.feature.ts';
import { reportsFeature } from './features/reports/reports.feature.ts';
import { settingsFeature } from './features/settings/settings.feature.ts';
import { staffFeature } from './features/staff/staff.feature.ts';
import { swipeFeature } from './features/swipe/swipe.feature.ts';

/**
 * The features of the app, in the order their routes are registered and an account is erased
 * (photos before the profile that names the main photo). The pages' SSR
 * catch-all is not a feature: app.ts registers it after these, and it asks them for their parts of
 * the load context. See docs/architecture.md, "Adding a feature".
 */
export const FEATURES: readonly Feature[] = [
  settingsFeature,
  authFeature,
  companyFeature,
  interestsFeature,
  i18nFeature,
  regionsFeature,
  healthFeature,
  complaintsFeature,
  pageHiddenFeature,
  photosFeature,
  mediaFeature,
  profileFeature,
  geocodeFeature,
  membersFeature,
  blocksFeature,
  creditsFeature,
  paymentsFeature,
  discountsFeature,
  likesFeature,
  chatFeature,
  giftsFeature,
  swipeFeature,
  matchFinderFeature,
  realtimeFeature,
  notificationsFeature,
  pushFeature,
  installableFeature,
  staffFeature,
  landersFeature,
  operatorsFeature,
  reportsFeature,
  moderationFeature,
  fictionalProfilesFeature,
  devMailFeature,
];
