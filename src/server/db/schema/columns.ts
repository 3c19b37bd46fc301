import { bigint } from 'drizzle-orm/pg-core';

/** A table's own id: a bigint the database numbers (an identity column), read as a JS number. */
export const identityId = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
