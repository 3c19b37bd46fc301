import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  layout('layouts/default-layout.tsx', [
    index('routes/home.tsx'),
    route('pages/:page', 'routes/legal-page.tsx'),
    route('complaints', 'routes/complaints.tsx'),
    route('pricing', 'routes/pricing.tsx'),
    route('lang-config', 'routes/lang-config.tsx'),
    route('signup', 'routes/signup.tsx'),
    route('signup-matches', 'routes/signup-matches.tsx'),
    route('complete-signup', 'routes/complete-signup.tsx'),
    route('activate/done', 'routes/activate-done.tsx'),
    route('activate/error', 'routes/activate-error.tsx'),
    route('login', 'routes/login.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
    route('reset-password/do', 'routes/reset-password-do.tsx'),
    route('account-deleted', 'routes/account-deleted.tsx'),
    route('mail-change/do', 'routes/mail-change-do.tsx'),
    route('reactivate', 'routes/reactivate.tsx'),
    // Members only, with TanStack Query (docs/decisions/0016). /members and /members/:id stay
    // outside: visitors may search when the settings allow it.
    layout('layouts/member-layout.tsx', [
      route('settings', 'routes/settings.tsx'),
      route('notifications', 'routes/notifications.tsx'),
      route('profile', 'routes/profile.tsx'),
      route('likes', 'routes/likes.tsx', { id: 'likes' }),
      route('likes/:type', 'routes/likes.tsx', { id: 'likes-type' }),
      route('swipe-game', 'routes/swipe-game.tsx'),
      route('match-finder', 'routes/match-finder.tsx'),
      route('credits', 'routes/credits.tsx', { id: 'credits' }),
      route('credits/repeat-order', 'routes/credits-repeat-order.tsx'),
      route('directdebit', 'routes/direct-debit.tsx'),
      route('credits/:id/:method?', 'routes/credits-checkout.tsx', { id: 'credits-id-paymentmethod' }),
      route('premium', 'routes/premium.tsx'),
      route('transactions/:id?', 'routes/transactions.tsx', { id: 'transactions' }),
    ]),
    route('members', 'routes/members.tsx'),
    route('members/:id', 'routes/member.tsx', { id: 'member' }),
    route('likes/m/:id', 'routes/member.tsx', { id: 'likes-member' }),
    route('*', 'routes/not-found.tsx'),
  ]),
  // Full-screen chat: the list and a conversation side by side from 992 px, one at a time below.
  layout('layouts/chat-layout.tsx', [
    route('chats', 'routes/chats.tsx', { id: 'chats' }),
    route('chats/:id', 'routes/chats.tsx', { id: 'chat' }),
    route('members/:id/chat', 'routes/chats.tsx', { id: 'member-chat' }),
  ]),
  // The back office (docs/decisions/0043): staff only, its own header and session, never the member
  // layouts. Each section's pages are children here.
  layout('layouts/admin-layout.tsx', [
    route('admin/login', 'routes/admin-login.tsx'),
    route('admin', 'routes/admin-home.tsx'),
    route('admin/staff', 'routes/admin-staff.tsx'),
    route('admin/audit', 'routes/admin-audit.tsx'),
    route('admin/operators', 'routes/admin-operators.tsx'),
    route('admin/operators/stats', 'routes/admin-operator-stats.tsx'),
    route('admin/operators/:conversationId', 'routes/admin-operator-conversation.tsx'),
    route('admin/moderation', 'routes/admin-moderation.tsx'),
    route('admin/moderation/photos', 'routes/admin-moderation-photos.tsx'),
    route('admin/moderation/texts', 'routes/admin-moderation-texts.tsx'),
    route('admin/profiles', 'routes/admin-profiles.tsx'),
    route('admin/profiles/new', 'routes/admin-profile-new.tsx'),
    route('admin/profiles/:id', 'routes/admin-profile.tsx'),
    route('admin/reports', 'routes/admin-reports.tsx'),
    route('admin/reports/:id', 'routes/admin-report.tsx'),
  ]),
  // Advertising: the landers and each member's entry pages, under a logo bar only (spec §2).
  layout('layouts/lander-layout.tsx', [
    route('landers/:lander/:slug?', 'routes/landers/lander.tsx'),
    route('members/:id/landing', 'routes/landers/member-entry.tsx', { id: 'entry-landing' }),
    route('members/:id/signup', 'routes/landers/member-entry.tsx', { id: 'entry-signup' }),
    route('members/:id/landing2/:slug?', 'routes/landers/member-entry.tsx', { id: 'entry-landing2' }),
    route('members/:id/landing3/:slug?', 'routes/landers/member-entry.tsx', { id: 'entry-landing3' }),
  ]),
  // The bare sign-up frame gets its pages in a later issue.
  layout('layouts/empty-layout.tsx', []),
] satisfies RouteConfig;
