import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkSchema } from '../../../shared/contracts/auth.ts';
import {
  AuditPageSchema,
  AuditQuerySchema,
  StaffAddInputSchema,
  StaffIdInputSchema,
  StaffListEntrySchema,
  StaffLoginInputSchema,
  StaffLoginStateSchema,
  StaffMemberSchema,
  StaffMeSchema,
  StaffRolesInputSchema,
  StaffTotpInputSchema,
} from '../../../shared/contracts/staff.ts';
import { authorize } from '../../policy/policy.ts';
import type { AppServices } from '../../services.ts';
import { loginRateLimit } from '../auth/page-login.ts';
import {
  presentAuditPage,
  presentStaffListEntry,
  presentStaffMe,
  presentStaffMember,
} from './staff.presenter.ts';
import {
  addStaff,
  disableStaff,
  enableStaff,
  listStaffWithLastLogin,
  resetStaffTotp,
  setStaffRoles,
} from './staff.service.ts';
import { searchAudit } from './staff-audit.service.ts';
import {
  loginStaffWithPassword,
  loginState,
  logoutStaff,
  verifyStaffSecondFactor,
} from './staff-login.service.ts';
import {
  auditActorOf,
  clearStaffCookie,
  registerBackOfficeRequests,
  requireStaff,
  setStaffCookie,
  staffLoginRequired,
} from './staff-request.ts';

/** The back office's API under /api/admin (docs/decisions/0043): logins, staff, audit. */
export function staffRoutes(services: AppServices): FastifyPluginAsyncZod {
  const secure = services.env.publicUrl.startsWith('https://');
  const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

  return async (app) => {
    registerBackOfficeRequests(app, services);

    app.post(
      '/api/admin/login.php',
      {
        config: { staffCsrf: false },
        onRequest: loginRateLimit(app, services),
        schema: {
          tags: ['admin'],
          summary: 'Staff login, step one: the password (then the second factor at /api/admin/totp.php)',
          body: StaffLoginInputSchema,
          response: { 200: StaffLoginStateSchema },
        },
      },
      async (request, reply) => {
        const { token, state } = await loginStaffWithPassword(services, request.body, meta(request));
        setStaffCookie(reply, token, secure);
        reply.header('cache-control', 'no-store');
        return state;
      },
    );

    app.get(
      '/api/admin/login.php',
      {
        schema: {
          tags: ['admin'],
          summary: 'Where a started staff login stands: the code, or the first set-up with its QR code',
          response: { 200: StaffLoginStateSchema },
        },
      },
      async (request, reply) => {
        const session = await request.staffSession();
        if (!session) throw staffLoginRequired();
        reply.header('cache-control', 'no-store');
        if (session.stage === 'complete')
          return { step: 'done' as const, csrfToken: session.csrfToken, recoveryCodes: null };
        return loginState(services.db, session.staff.id);
      },
    );

    app.post(
      '/api/admin/totp.php',
      {
        // The half session has its token, but the page that asks for the code never had it.
        config: { staffCsrf: false },
        onRequest: loginRateLimit(app, services),
        schema: {
          tags: ['admin'],
          summary: 'Staff login, step two: a TOTP code or a recovery code',
          body: StaffTotpInputSchema,
          response: { 200: StaffLoginStateSchema },
        },
      },
      async (request, reply) => {
        const session = await request.staffSession();
        if (session?.stage !== 'password') throw staffLoginRequired();
        const { recoveryCodes } = await verifyStaffSecondFactor(
          services,
          session,
          request.body.code,
          meta(request),
        );
        reply.header('cache-control', 'no-store');
        return { step: 'done' as const, csrfToken: session.csrfToken, recoveryCodes };
      },
    );

    app.post(
      '/api/admin/logout.php',
      { schema: { tags: ['admin'], summary: 'Staff logout', response: { 200: OkSchema } } },
      async (request, reply) => {
        await logoutStaff(services, await request.staffSession());
        clearStaffCookie(reply, secure);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/admin/me.php',
      {
        config: { actor: 'staff', right: 'backoffice.open' },
        schema: {
          tags: ['admin'],
          summary: 'The logged-in staff member and the sections they may open',
          response: { 200: StaffMeSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return presentStaffMe(await requireStaff(request));
      },
    );

    app.get(
      '/api/admin/staff.php',
      {
        config: { actor: 'staff', right: 'staff.manage' },
        schema: {
          tags: ['admin'],
          summary: 'Every staff account with its last login (admins)',
          response: { 200: StaffListEntrySchema.array() },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return (await listStaffWithLastLogin(services.db)).map(presentStaffListEntry);
      },
    );

    app.post(
      '/api/admin/staff.php',
      {
        config: { actor: 'staff', right: 'staff.manage' },
        schema: {
          tags: ['admin'],
          summary: 'Add a staff account (admins); its second factor is set up at its first login',
          body: StaffAddInputSchema,
          response: { 200: StaffMemberSchema },
        },
      },
      async (request) => {
        const input = request.body;
        const actor = auditActorOf(await requireStaff(request), request);
        const row = await addStaff(services.db, actor, input, services.now());
        return presentStaffMember(row);
      },
    );

    const change = (
      path: string,
      summary: string,
      act: (
        id: number,
        request: FastifyRequest,
        actor: ReturnType<typeof auditActorOf>,
      ) => ReturnType<typeof disableStaff>,
    ) =>
      app.post(
        path,
        {
          // Admins only, before the body is read; the target (never oneself) in the handler.
          config: { actor: 'staff', right: 'staff.manage' },
          schema: {
            tags: ['admin'],
            summary,
            body: StaffIdInputSchema,
            response: { 200: StaffMemberSchema },
          },
        },
        async (request) => {
          const { id } = request.body;
          authorize(request.viewer, 'staff.change', { targetId: id });
          return presentStaffMember(
            await act(id, request, auditActorOf(await requireStaff(request), request)),
          );
        },
      );

    change(
      '/api/admin/staff-disable.php',
      'Disable a staff account and end its sessions (admins)',
      (id, _r, actor) => disableStaff(services.db, actor, id, services.now()),
    );
    change('/api/admin/staff-enable.php', 'Enable a disabled staff account (admins)', (id, _r, actor) =>
      enableStaff(services.db, actor, id, services.now()),
    );
    change(
      '/api/admin/staff-reset-2fa.php',
      "Reset a staff account's second factor: set up again at the next login (admins)",
      (id, _r, actor) => resetStaffTotp(services.db, actor, id, services.now()),
    );

    app.post(
      '/api/admin/staff-roles.php',
      {
        config: { actor: 'staff', right: 'staff.manage' },
        schema: {
          tags: ['admin'],
          summary: "Set a staff account's roles (admins; not one's own)",
          body: StaffRolesInputSchema,
          response: { 200: StaffMemberSchema },
        },
      },
      async (request) => {
        const { id, roles } = request.body;
        authorize(request.viewer, 'staff.change', { targetId: id });
        const actor = auditActorOf(await requireStaff(request), request);
        return presentStaffMember(await setStaffRoles(services.db, actor, id, roles, services.now()));
      },
    );

    app.get(
      '/api/admin/audit.php',
      {
        config: { actor: 'staff', right: 'audit.view' },
        schema: {
          tags: ['admin'],
          summary: 'Search the audit log by person, target and days, newest first (admins)',
          querystring: AuditQuerySchema,
          response: { 200: AuditPageSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return presentAuditPage(await searchAudit(services.db, request.query));
      },
    );
  };
}
