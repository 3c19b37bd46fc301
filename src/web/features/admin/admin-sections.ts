import type { AdminKey } from '../../../shared/i18n/keys.generated.ts';

/**
 * Where each back-office section the server lists (/api/admin/me.php `sections`, the server's
 * staff-sections.ts) lives, and its name and line in the admin texts. A section the server lists
 * and this map lacks is left out of the nav: a newer server never yields a link to nowhere.
 */
const ADMIN_SECTIONS: Record<string, { path: string; label: AdminKey; text: AdminKey }> = {
  home: { path: '/admin', label: 'admin.sections.home', text: 'admin.section_texts.home' },
  operators: {
    path: '/admin/operators',
    label: 'admin.sections.operators',
    text: 'admin.section_texts.operators',
  },
  profiles: {
    path: '/admin/profiles',
    label: 'admin.sections.profiles',
    text: 'admin.section_texts.profiles',
  },
  moderation: {
    path: '/admin/moderation',
    label: 'admin.sections.moderation',
    text: 'admin.section_texts.moderation',
  },
  reports: { path: '/admin/reports', label: 'admin.sections.reports', text: 'admin.section_texts.reports' },
  staff: { path: '/admin/staff', label: 'admin.sections.staff', text: 'admin.section_texts.staff' },
  audit: { path: '/admin/audit', label: 'admin.sections.audit', text: 'admin.section_texts.audit' },
};

export type AdminSectionLink = { section: string; path: string; label: AdminKey; text: AdminKey };

/** The sections the server lists, in its order, that this build knows. */
export const sectionLinks = (sections: readonly string[]): AdminSectionLink[] =>
  sections.flatMap((section) => {
    const known = Object.hasOwn(ADMIN_SECTIONS, section) ? ADMIN_SECTIONS[section] : undefined;
    return known ? [{ section, ...known }] : [];
  });

/** The section a path belongs to: the longest section path it starts with. */
export const currentSection = (links: readonly AdminSectionLink[], pathname: string) =>
  links
    .filter((link) => pathname === link.path || pathname.startsWith(`${link.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0]?.section;
