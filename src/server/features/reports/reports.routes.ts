import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkSchema } from '../../../shared/contracts/auth.ts';
import {
  ModerationNoticeSeenSchema,
  ModerationNoticesSchema,
  ReportDecisionInputSchema,
  ReportDetailSchema,
  ReportIdQuerySchema,
  ReportInputSchema,
  ReportQueueQuerySchema,
  ReportQueueSchema,
  ReportResponseSchema,
  SuspensionLiftInputSchema,
} from '../../../shared/contracts/reports.ts';
import type { AppServices } from '../../services.ts';
import { auditActorOf, registerBackOfficeRequests, requireStaff } from '../staff/staff-request.ts';
import { presentReportDetail, presentReportQueue } from './reports.presenter.ts';
import {
  decideReport,
  liftSuspension,
  listReportQueue,
  markNoticesSeen,
  REPORTS_PER_DAY,
  readModerationNotices,
  readReport,
  reportContent,
} from './reports.service.ts';

/** The members' side: report, and read what moderation has to say to them. */
function memberRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/report.php',
      {
        schema: {
          tags: ['members'],
          summary: 'Report a profile or a message (a reason, optional words); the evidence is frozen now',
          body: ReportInputSchema,
          response: { 200: ReportResponseSchema },
        },
        // Per member, so neither a new cookie nor another address buys more reports.
        config: { actor: 'member', rateLimit: { max: REPORTS_PER_DAY, timeWindow: '1 day', per: 'member' } },
      },
      async (request) => {
        const { id } = await reportContent(services, request.viewer, request.body, request.ctx);
        return { ok: true as const, id };
      },
    );

    app.get(
      '/api/moderation-notices.php',
      {
        schema: {
          tags: ['members'],
          summary: "A warning the member must acknowledge, and the outcomes of the member's reports",
          response: { 200: ModerationNoticesSchema },
        },
        config: { actor: 'member' },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return readModerationNotices(services.db, request.viewer);
      },
    );

    app.post(
      '/api/moderation-notices.php',
      {
        schema: {
          tags: ['members'],
          summary: 'Acknowledge the warning, or mark outcome notices read (idempotent)',
          body: ModerationNoticeSeenSchema,
          response: { 200: OkSchema },
        },
        config: { actor: 'member' },
      },
      async (request) => {
        await markNoticesSeen(services, request.viewer, request.body);
        return { ok: true as const };
      },
    );
  };
}

/** The back office's side (moderators and admins): the queue, a report, its outcome, lifting a suspension. */
function staffRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    registerBackOfficeRequests(app, services);

    app.get(
      '/api/admin/reports.php',
      {
        // The reviewers' right, asked before a body or query is read.
        config: { actor: 'staff', right: 'reports.review' },
        schema: {
          tags: ['admin'],
          summary: 'The reports queue: open first, oldest first (moderators, admins)',
          querystring: ReportQueueQuerySchema,
          response: { 200: ReportQueueSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return presentReportQueue(await listReportQueue(services.db, request.query));
      },
    );

    app.get(
      '/api/admin/report.php',
      {
        config: { actor: 'staff', right: 'reports.review' },
        schema: {
          tags: ['admin'],
          summary: 'A report with its frozen evidence (audited: it shows private messages)',
          querystring: ReportIdQuerySchema,
          response: { 200: ReportDetailSchema },
        },
      },
      async (request, reply) => {
        const session = await requireStaff(request);
        reply.header('cache-control', 'no-store');
        return presentReportDetail(
          await readReport(services, auditActorOf(session, request), request.query.id),
        );
      },
    );

    app.post(
      '/api/admin/report-outcome.php',
      {
        config: { actor: 'staff', right: 'reports.review' },
        schema: {
          tags: ['admin'],
          summary: 'Decide an open report: dismiss, warn, hide the profile or suspend the account',
          body: ReportDecisionInputSchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        const session = await requireStaff(request);
        await decideReport(services, auditActorOf(session, request), request.body);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/admin/suspension-lift.php',
      {
        config: { actor: 'staff', right: 'reports.review' },
        schema: {
          tags: ['admin'],
          summary: "Lift a member's suspension: the account gets back the status it had",
          body: SuspensionLiftInputSchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        const session = await requireStaff(request);
        await liftSuspension(services, auditActorOf(session, request), request.body.member_id);
        return { ok: true as const };
      },
    );
  };
}

export function reportsRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(memberRoutes(services));
    await app.register(staffRoutes(services));
  };
}
