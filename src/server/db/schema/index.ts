// The one barrel ARCHITECTURE.md allows: Drizzle needs the whole schema in one object.
export * from './credits.ts';
export * from './jobs.ts';
export * from './login-lockout.ts';
export * from './members.ts';
export * from './rate-limits.ts';
export * from './settings.ts';
export * from './site.ts';
