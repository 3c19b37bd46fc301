/**
 * Whether an error (or what it wraps: Drizzle puts the driver's error in `cause`) is PostgreSQL's
 * unique violation (SQLSTATE 23505) of the named constraint.
 */
export function uniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const pg = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (pg.code === '23505' && pg.constraint === constraint) return true;
    e = pg.cause;
  }
  return false;
}

/** Whether an error (or what it wraps) is PostgreSQL's foreign key violation (23503) of the named constraint. */
export function foreignKeyViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const pg = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (pg.code === '23503' && pg.constraint === constraint) return true;
    e = pg.cause;
  }
  return false;
}

/**
 * Whether an error (or what it wraps) is the refusal `all_or_nothing` raises (SQLSTATE P0001,
 * migration 0027). Drizzle's DrizzleQueryError carries it in `cause`: read at the top only, it
 * was never seen, and a refusal meant to be read again became a 500.
 */
export function allOrNothingRefused(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const pg = e as { code?: unknown; cause?: unknown };
    if (pg.code === 'P0001') return true;
    e = pg.cause;
  }
  return false;
}
