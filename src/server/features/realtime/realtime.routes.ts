import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../../../shared/limits.ts';
import { REALTIME_PATH } from '../../../shared/realtime/events.ts';
import { STAFF_REALTIME_PATH } from '../../../shared/realtime/staff-events.ts';
import type { AppServices } from '../../services.ts';
import { registerBackOfficeRequests } from '../staff/staff-request.ts';
import { realtimeAsyncApi } from './realtime.asyncapi.ts';
import { createRealtimeHub } from './realtime.hub.ts';
import { createStaffHub } from './staff-realtime.hub.ts';

export function realtimeRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    const hub = await createRealtimeHub(services, services.env.realtimeHeartbeatMs);
    const staffHub = await createStaffHub(services, services.env.realtimeHeartbeatMs);
    app.addHook('onClose', async () => {
      hub.stop();
      staffHub.stop();
    });

    const document = realtimeAsyncApi();
    app.get(`${REALTIME_PATH}.json`, { schema: { hide: true } }, () => document);

    app.get(
      REALTIME_PATH,
      {
        websocket: true,
        // A page of another site could otherwise open a socket riding on the member's cookie
        // (cross-site WebSocket hijacking): the session plugin's same-origin rule refuses it.
        // `actor` is decided before the upgrade: a visitor gets a plain 403 rather than a socket that closes.
        config: { sameOriginOnly: true, actor: 'member' },
      },
      async (socket, request) => {
        const session = request.memberSession;
        const token = request.cookies[SESSION_COOKIE];
        // A session was found for this cookie before the upgrade.
        if (!token) return socket.close();
        hub.accept(socket, session, token);
      },
    );

    // The back office's socket, in a scope of its own: only there is the staff cookie read.
    await app.register(async (admin) => {
      registerBackOfficeRequests(admin, services);
      admin.get(
        STAFF_REALTIME_PATH,
        {
          websocket: true,
          // The same refusals before the upgrade as the member's: a foreign Origin, then anyone
          // without a complete staff login (a member's cookie opens nothing here).
          config: { sameOriginOnly: true, actor: 'staff', right: 'backoffice.open' },
        },
        async (socket, request) => {
          const session = await request.staffSession();
          // Found complete before the upgrade (the actor's hook).
          if (!session) return socket.close();
          staffHub.accept(socket, session);
        },
      );
    });
  };
}
