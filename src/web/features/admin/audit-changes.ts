/** One line of an audit row's change: a field, what it was and what it became (absent: undefined). */
export type AuditChange = { field: string; before: string | undefined; after: string | undefined };

const show = (value: unknown): string | undefined => {
  if (value === undefined) return undefined;
  if (value === null) return '—';
  if (Array.isArray(value)) return value.map((item) => show(item)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

const fieldsOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * An audit row's before and after as lines a person reads: the fields that changed (or, for a row
 * with only one side, every field of it), each value as text; unchanged fields are left out.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const was = fieldsOf(before);
  const is = fieldsOf(after);
  const onlyOneSide = before == null || after == null;
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return fields.flatMap((field) => {
    const change = { field, before: show(was[field]), after: show(is[field]) };
    return onlyOneSide || change.before !== change.after ? [change] : [];
  });
}

/**
 * Who an audit row says acted: the staff member's name (or id, for an account since removed), the
 * command line, or, for a failed login, nobody logged in yet.
 */
export function auditActor(row: {
  staffName: string | null;
  staffId: number | null;
  roles: readonly string[];
}): { name: string } | { kind: 'command_line' | 'not_logged_in' } {
  if (row.staffName !== null) return { name: row.staffName };
  if (row.staffId !== null) return { name: `#${row.staffId}` };
  return { kind: row.roles.includes('cli') ? 'command_line' : 'not_logged_in' };
}
