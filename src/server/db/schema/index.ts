// The one barrel docs/architecture.md allows: Drizzle needs the whole schema in one object.
export * from './accounts.ts';
export * from './blocks.ts';
export * from './chat.ts';
export * from './complaints.ts';
export * from './credits.ts';
export * from './discounts.ts';
export * from './likes.ts';
export * from './login-lockout.ts';
export * from './mandates.ts';
export * from './page-events.ts';
export * from './payments.ts';
export * from './photos.ts';
export * from './profiles.ts';
export * from './rate-limits.ts';
export * from './settings.ts';
export * from './staff.ts';
export * from './swipe.ts';
