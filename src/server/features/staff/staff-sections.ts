import { can } from '../../policy/policy.ts';
import type { StaffViewer } from '../../policy/viewer.ts';

/**
 * The back office's sections in the nav's order, each with the action that opens it. Moderation,
 * operators' conversations and the business back office plug in as a line here with their right
 * in rules/staff.rules.ts.
 */
const SECTIONS = [
  { section: 'home', action: 'backoffice.open' },
  { section: 'staff', action: 'staff.manage' },
  { section: 'audit', action: 'audit.view' },
  { section: 'operators', action: 'operators.queue' },
  { section: 'moderation', action: 'moderation.photos' },
  { section: 'reports', action: 'reports.review' },
  { section: 'profiles', action: 'profiles.manage' },
] as const;

export type BackOfficeSection = (typeof SECTIONS)[number]['section'];

export const sectionsOf = (viewer: StaffViewer): BackOfficeSection[] =>
  SECTIONS.filter(({ action }) => can(viewer, action)).map(({ section }) => section);
