import type { StaffMember } from '../../../shared/contracts/staff.ts';
import type { StaffAccount } from '../../db/schema/index.ts';
import type { searchAudit } from './staff-audit.service.ts';

/** A staff account as the back office lists it: never its hash, secret or recovery codes. */
export const presentStaffMember = (row: StaffAccount): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  roles: row.roles,
  disabled: row.disabledAt !== null,
  totpReady: row.totpConfirmedAt !== null,
  createdAt: row.createdAt.toISOString(),
});

export const presentAuditPage = (page: Awaited<ReturnType<typeof searchAudit>>) => ({
  ...page,
  rows: page.rows.map((row) => ({ ...row, at: row.at.toISOString() })),
});
