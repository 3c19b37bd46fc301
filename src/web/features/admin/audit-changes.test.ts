import { describe, expect, it } from 'vitest';
import { auditActor, auditChanges } from './audit-changes.ts';

describe('auditChanges', () => {
  it('lists only the fields that changed, arrays as lists', () => {
    expect(
      auditChanges(
        { name: 'Ann', roles: ['operator'], disabled: false },
        { name: 'Ann', roles: ['moderator', 'operator'], disabled: false },
      ),
    ).toEqual([{ field: 'roles', before: 'operator', after: 'moderator, operator' }]);
  });

  it('lists every field of a row with one side, and a field that appeared', () => {
    expect(auditChanges(null, { email: 'a@b.nl', totpReady: false })).toEqual([
      { field: 'email', before: undefined, after: 'a@b.nl' },
      { field: 'totpReady', before: undefined, after: 'false' },
    ]);
    expect(auditChanges({ a: 1 }, { a: 1, b: null })).toEqual([
      { field: 'b', before: undefined, after: '—' },
    ]);
  });
});

describe('auditActor', () => {
  it('names the staff member, the command line, or nobody logged in (a failed login)', () => {
    expect(auditActor({ staffName: 'Ann', staffId: 3, roles: ['admin'] })).toEqual({ name: 'Ann' });
    expect(auditActor({ staffName: null, staffId: 3, roles: ['admin'] })).toEqual({ name: '#3' });
    expect(auditActor({ staffName: null, staffId: null, roles: ['cli'] })).toEqual({ kind: 'command_line' });
    expect(auditActor({ staffName: null, staffId: null, roles: [] })).toEqual({ kind: 'not_logged_in' });
  });
});
