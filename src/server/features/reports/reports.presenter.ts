import type { ReportDetail, ReportQueue, ReportQueueItem } from '../../../shared/contracts/reports.ts';
import type { MemberWarnings, QueuePage, ReportRead } from './reports.service.ts';

type Reported = {
  id: number | null;
  name: string | null;
  facts?: { status: string; hidden: boolean };
  suspended: boolean;
  warnings: MemberWarnings;
};

function presentReported({ id, name, facts, suspended, warnings }: Reported): ReportQueueItem['reported'] {
  if (id === null || !facts) return null;
  return {
    id,
    name: name ?? '',
    status: facts.status,
    hidden: facts.hidden,
    suspended,
    warnings: warnings.total,
    warningUnread: warnings.unread > 0,
  };
}

/** The queue as staff see it: names and states, never an e-mail address or the evidence. */
export function presentReportQueue(page: QueuePage): ReportQueue {
  return {
    page: page.page,
    hasMore: page.hasMore,
    openCount: page.openCount,
    rows: page.rows.map((row) => ({
      id: row.id,
      source: row.source,
      kind: row.kind,
      reason: row.reason,
      status: row.status,
      outcome: row.outcome,
      createdAt: row.createdAt.toISOString(),
      reporter:
        row.reporterId !== null
          ? { id: row.reporterId, name: row.reporterName ?? '' }
          : row.complaintName !== null
            ? { id: 0, name: row.complaintName }
            : null,
      reported: presentReported({
        id: row.reportedId,
        name: row.reportedName,
        facts: row.reportedFacts,
        suspended: row.suspended,
        warnings: row.warnings,
      }),
    })),
  };
}

export function presentReportDetail(read: ReportRead): ReportDetail {
  const { report } = read;
  return {
    id: report.id,
    source: report.source,
    kind: report.kind,
    reason: report.reason,
    status: report.status,
    outcome: report.outcome,
    createdAt: report.createdAt.toISOString(),
    reporter:
      report.reporterId !== null
        ? { id: report.reporterId, name: read.reporterName ?? '' }
        : report.evidence.complaint
          ? { id: 0, name: report.evidence.complaint.name }
          : null,
    reported: presentReported({
      id: report.reportedId,
      name: read.reportedName,
      facts: read.reportedFacts,
      suspended: read.suspended,
      warnings: read.warnings,
    }),
    note: report.note,
    evidence: report.evidence,
    decidedAt: report.decidedAt?.toISOString() ?? null,
    decidedBy: read.decidedBy,
    reportsAboutMember: read.reportsAboutMember,
  };
}
