import { STAFF_SESSION_COOKIE } from '../../../shared/limits.ts';
import type { LoadContextPart, PageRequest } from '../../feature.ts';
import { serviceResult } from '../../plugins/errors.ts';
import type { AppServices } from '../../services.ts';
import { staffLoginRequired, staffViewerOf } from '../staff/staff-request.ts';
import { findStaffSession } from '../staff/staff-sessions.service.ts';
import { presentPhotoQueue, presentTextQueue } from './moderation.presenter.ts';
import { listPhotoQueue, listTextQueue } from './moderation.service.ts';

/**
 * The moderation pages' first render (/admin/moderation…): the queues as their /api/admin routes
 * answer them, for the staff session of the `asid` cookie, never the member's.
 */
export function moderationLoadContext(services: AppServices, { request }: PageRequest): LoadContextPart {
  const viewer = async () => {
    const token = request.cookies[STAFF_SESSION_COOKIE];
    const session = token ? await findStaffSession(services.db, token, services.now()) : null;
    if (session?.stage !== 'complete') throw staffLoginRequired();
    return staffViewerOf(session);
  };
  return {
    moderation: {
      photos: () =>
        serviceResult(async () => presentPhotoQueue(await listPhotoQueue(services, await viewer()))),
      texts: () => serviceResult(async () => presentTextQueue(await listTextQueue(services, await viewer()))),
    },
  };
}
