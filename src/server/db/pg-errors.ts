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
