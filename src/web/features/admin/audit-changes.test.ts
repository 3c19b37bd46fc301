import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-changes.ts';

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
