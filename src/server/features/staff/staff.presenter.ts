import type { StaffListEntry, StaffMe, StaffMember } from '../../../shared/contracts/staff.ts';
import type { StaffAccount } from '../../db/schema/index.ts';
import type { searchAudit } from './staff-audit.service.ts';
import { staffViewerOf } from './staff-request.ts';
import { sectionsOf } from './staff-sections.ts';
import type { StaffSession } from './staff-sessions.service.ts';

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

export const presentStaffListEntry = (row: StaffAccount & { lastLoginAt: Date | null }): StaffListEntry => ({
  ...presentStaffMember(row),
  lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
});

export const presentAuditPage = (page: Awaited<ReturnType<typeof searchAudit>>) => ({
  ...page,
  rows: page.rows.map((row) => ({ ...row, at: row.at.toISOString() })),
});

/** The logged-in person as /api/admin/me.php and the back office's pages see them. */
export const presentStaffMe = (session: StaffSession): StaffMe => ({
  ...session.staff,
  csrfToken: session.csrfToken,
  sections: sectionsOf(staffViewerOf(session)),
});
