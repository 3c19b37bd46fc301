/** Business constants of the product spec (§9), in one place for model, form and database. */
export const LIMITS = {
  freePhotos: 3,
  premiumPhotos: 25,
  freeConversations: 2,
  /**
   * Chat messages are shown this long after they were sent; then their content is removed and
   * the conversation says older messages are no longer visible (docs/decisions/0027).
   */
  chatRetentionDays: 365,
  swipeLikesPerDay: 4,
  /** A member passed in the swipe game does not come back as a card for this many days. */
  swipePassDays: 30,
  /** How long the last pass of the swipe game can be taken back. */
  swipeUndoMinutes: 10,
  /** Auto-likes (the `?t=` like modal) a member receives at most per 24 hours (docs/decisions/0021). */
  autoLikesPerDay: 2,
  reactivationDays: 14,
  timeBonusSeconds: 14_400,
  timeBonusModalDelayMs: 40_000,
  userRefreshMs: 60_000,
  userRefreshWithPushMs: 300_000,
  userFirstRefreshMs: 5_000,
  chunkReloadGuardMs: 60_000,
  progressBarThrottleMs: 200,
  progressBarDurationMs: 5_000,
  httpRetries: 5,
  fetchDelayMs: 200,
  unreadBadgeCap: 99,
  lowCreditsBadge: 10,
  geolocationMaximumAgeMs: 3_600_000,
  authCookieDays: 30,
  localeCookieDays: 365,
  trafficSourceCookieDays: 30,
  complaintMessageMax: 5_000,
} as const;

/**
 * What one member may hold of the real-time channel (GET /api/realtime). A browser tab opens one
 * socket; the numbers leave room for many tabs and devices while bounding what a script can take.
 * Counted per instance: that is where the sockets' memory and the frames' work are.
 */
export const REALTIME_LIMITS = {
  /** Open sockets of one login session (one browser): a new one beyond this closes the oldest. */
  socketsPerSession: 10,
  /** Open sockets of one member over all their sessions: a new one beyond this closes the oldest. */
  socketsPerMember: 30,
  /**
   * Client frames per second per socket (a token bucket refilled at this rate). A tab sends a ping
   * every 30 s; frames beyond the bucket are dropped unread.
   */
  framesPerSecond: 5,
  /** The bucket's size: a burst a socket may send at once. */
  frameBurst: 20,
  /** Frames dropped over a socket's life before it is closed as a flood (REALTIME_CLOSE.flooding). */
  droppedFramesBeforeClose: 100,
} as const;

/** Traffic-source query parameters stored on entry and removed from the visible URL. */
export const TRAFFIC_SOURCE_PARAMS = [
  'network',
  'ref',
  'sub',
  'sub1',
  'sub2',
  'sub3',
  'aff_sub',
  'aff_sub1',
  'aff_sub2',
  'aff_sub3',
  'cpc',
] as const;
export const TRAFFIC_SOURCE_COOKIE = 'traffic_source';
/** The session cookie of logged-in members (HttpOnly, set by the accounts feature). */
export const SESSION_COOKIE = 'sid';
/**
 * The back office's session cookie (features/staff), sent only under /admin and /api/admin: a
 * different name and paths, so neither side's cookie is ever read as the other's.
 */
export const STAFF_SESSION_COOKIE = 'asid';

export const COUNTRIES = [
  'NL',
  'BE',
  'GB',
  'IE',
  'DE',
  'AT',
  'IT',
  'FR',
  'CH',
  'ES',
  'US',
  'CA',
  'AU',
  'NZ',
  'PL',
] as const;
export type Country = (typeof COUNTRIES)[number];
