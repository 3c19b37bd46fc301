import type { LoginInput, User } from './contracts/auth.ts';
import type { ChatsResponse } from './contracts/chat.ts';
import type {
  FictionalProfileDetail,
  FictionalProfileList,
  FictionalProfileListQuery,
} from './contracts/fictional-profiles.ts';
import type { GiftPriceRange } from './contracts/gifts.ts';
import type { LikesListName, LikesListResponse } from './contracts/likes.ts';
import type { MemberCard, MemberResponse, SearchQuery, SearchResponse } from './contracts/members.ts';
import type { PhotoQueue, TextQueue } from './contracts/moderation.ts';
import type { NotificationSettings, NotificationSettingsInput } from './contracts/notifications.ts';
import type { OperatorStats, OperatorStatsQuery } from './contracts/operators.ts';
import type { OwnPhotosResponse } from './contracts/photos.ts';
import type { OwnProfile } from './contracts/profile.ts';
import type { ReportDetail, ReportQueue, ReportQueueQuery } from './contracts/reports.ts';
import type { Settings } from './contracts/settings.ts';
import type { CompanyInfo, ComplaintInput, Region } from './contracts/site.ts';
import type {
  AuditPage,
  AuditQuery,
  StaffListEntry,
  StaffLoginInput,
  StaffLoginState,
  StaffMe,
  StaffTotpInput,
} from './contracts/staff.ts';
import type { SwipeQuery, SwipeState } from './contracts/swipe.ts';
import type {
  TransactionReceipt,
  TransactionsFirstPages,
  TransactionsPageQuery,
} from './contracts/transactions.ts';
import type { Locale } from './i18n/locales.ts';
import type { PageNamespace } from './i18n/page-texts.ts';
import type { Messages, Translate } from './i18n/translator.ts';

/** A service call's outcome for a loader: its data, or what the API would answer instead. */
export type ServiceResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; code: string; message: string; details?: unknown };

/**
 * What the server hands to React Router loaders and actions: the visitor's resolved context and
 * the service calls pages may make. Web code never imports server modules; it gets this.
 */
export type WebLoadContext = {
  locale: Locale;
  nonce: string;
  settings: Settings;
  company: CompanyInfo;
  /** Interface texts (common namespace) in the visitor's language. */
  t: Translate;
  /** The common texts every page needs (without page texts and e-mails), sent inline once per page load. */
  messages: Messages;
  /** Legal and help texts: rendered on the server only, never shipped as a whole. */
  legal: { t: Translate; messages: Messages };
  /** A page's own texts (shared/i18n/locales.ts PAGE_TEXTS) in the visitor's language. */
  pageTexts: (ns: PageNamespace) => Messages;
  country: string | null;
  /** The logged-in member, or null for a visitor. */
  user: User | null;
  /** Development conveniences (the /dev/mail link) are shown. */
  isDevelopment: boolean;
  site: {
    listHighlights: () => Promise<MemberCard[]>;
    /** Counted with POST /api/complaints.php against one per-IP allowance: may be rate_limited. */
    submitComplaint: (input: ComplaintInput) => Promise<ServiceResult<{ reference: string }>>;
    /** A country's regions, as GET /api/regions.php?country= lists them (none for an unknown country). */
    regions: (country: string) => Region[];
  };
  /**
   * The login page's form post (without JavaScript), as POST /api/user.php: counted with its logins
   * and locked out by the same rule; on success the session cookie goes with the page's answer.
   */
  auth: { login: (input: LoginInput) => Promise<ServiceResult<{ ok: true }>> };
  /** What the catalogue's gifts cost on this domain, for the pages that say what credits buy. */
  gifts: { priceRange: () => Promise<GiftPriceRange | null> };
  /** The first page of /members and the profile view, as GET /api/members.php and /api/member.php answer. */
  members: {
    search: (query: SearchQuery) => Promise<ServiceResult<SearchResponse>>;
    get: (id: number) => Promise<ServiceResult<MemberResponse>>;
  };
  /** The first page of a /likes tab, as GET /api/likes-list.php answers it. */
  likes: { firstPage: (list: LikesListName) => Promise<ServiceResult<LikesListResponse>> };
  /**
   * /transactions' pages its address names, as GET /api/transactions.php and /api/credit-ledger.php
   * answer them,
   * and a receipt's payment, as GET /api/transaction.php answers it (another member's: not found).
   */
  transactions: {
    firstPages: (query: TransactionsPageQuery) => Promise<ServiceResult<TransactionsFirstPages>>;
    receipt: (paymentId: string) => Promise<ServiceResult<TransactionReceipt>>;
  };
  /** The member's own profile and photos, as GET /api/profile.php and /api/photos.php answer them. */
  profile: {
    own: () => Promise<ServiceResult<OwnProfile>>;
    photos: () => Promise<ServiceResult<OwnPhotosResponse>>;
  };
  /** The member's conversation list, as GET /api/chats.php answers it. */
  chats: { list: () => Promise<ServiceResult<ChatsResponse>> };
  /** The swipe game as GET /api/swipe.php answers it, counted in the zone of the browser's tz cookie. */
  swipe: { game: (query: SwipeQuery) => Promise<ServiceResult<SwipeState>> };
  /** A lander's copy in the language its slug names, which may differ from the visitor's. */
  landers: { copy: (locale: Locale) => Messages };
  /**
   * The member's notification preferences, as GET and PUT /api/notifications.php answer them: the
   * /notifications page reads them on the server and saves its form post without JavaScript.
   */
  notifications: {
    read: () => Promise<ServiceResult<NotificationSettings>>;
    save: (input: NotificationSettingsInput) => Promise<ServiceResult<NotificationSettings>>;
  };
  /**
   * The back office (/admin pages): the staff session behind the `asid` cookie, never the member's;
   * each call answers as its /api/admin route does (staff_login_required without a complete login).
   */
  staff: {
    me: () => Promise<ServiceResult<StaffMe>>;
    /** Where a started login stands (GET /api/admin/login.php). */
    loginState: () => Promise<ServiceResult<StaffLoginState>>;
    /** The login form's steps posted without JavaScript, counted with the API's logins. */
    login: (input: StaffLoginInput) => Promise<ServiceResult<StaffLoginState>>;
    totp: (input: StaffTotpInput) => Promise<ServiceResult<StaffLoginState>>;
    /** Ends the staff session (a login started with the wrong account), as POST /api/admin/logout.php. */
    logout: () => Promise<ServiceResult<{ ok: true }>>;
    list: () => Promise<ServiceResult<StaffListEntry[]>>;
    audit: (query: AuditQuery) => Promise<ServiceResult<AuditPage>>;
    /** The fictional profiles (admins), as GET /api/admin/fictional-profiles.php answers (features/fictional-profiles). */
    fictionalProfiles: (query: FictionalProfileListQuery) => Promise<ServiceResult<FictionalProfileList>>;
    /** One, as GET /api/admin/fictional-profile.php answers. */
    fictionalProfile: (id: number) => Promise<ServiceResult<FictionalProfileDetail>>;
    /** The operators' figures (admins), as GET /api/admin/operator-stats.php (the operators feature's). */
    operatorStats: (query: OperatorStatsQuery) => Promise<ServiceResult<OperatorStats>>;
    /** Whether the staff person may open those figures: the queue links to them then. */
    mayViewOperatorStats: () => Promise<boolean>;
    /** The reports queue and a report (its read audited), as GET /api/admin/reports.php and report.php answer. */
    reports: (query: ReportQueueQuery) => Promise<ServiceResult<ReportQueue>>;
    report: (id: number) => Promise<ServiceResult<ReportDetail>>;
  };
  /** The moderators' queues (/admin/moderation pages), as GET /api/admin/moderation-*.php answer them. */
  moderation: {
    photos: () => Promise<ServiceResult<PhotoQueue>>;
    texts: () => Promise<ServiceResult<TextQueue>>;
  };
};
