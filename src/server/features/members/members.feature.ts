import { defineFeature } from '../../feature.ts';
import { serviceResult } from '../../plugins/errors.ts';
import { viewerOf } from '../../policy/viewer.ts';
import { highlightsState } from './highlights.service.ts';
import { presentMemberProfile, presentSearch } from './members.presenter.ts';
import { membersRoutes } from './members.routes.ts';
import { memberVisibilityState } from './members.visibility.ts';
import { getMemberProfile } from './profile-view.service.ts';
import { searchMembers, searchTotalsState } from './search.service.ts';
import { findSeeker } from './suits-viewer.ts';

export const membersFeature = defineFeature({
  name: 'members',
  state: [highlightsState, searchTotalsState, memberVisibilityState],
  routes: membersRoutes,
  // The first page of /members and the profile view, as GET /api/members.php and /api/member.php answer.
  loadContext: (services, { request, session }) => {
    const visitor = request.ctx;
    return {
      site: {
        listHighlights: async () => {
          const viewer = viewerOf(session);
          const seeker = await findSeeker(services.db, viewer, visitor);
          return services.state.of(highlightsState).list(seeker, services.now(), viewer);
        },
      },
      members: {
        search: (query) =>
          serviceResult(async () =>
            presentSearch(
              await searchMembers(
                services,
                { visitor, session, query },
                services.state.of(searchTotalsState),
              ),
              services.now(),
            ),
          ),
        get: (id) =>
          serviceResult(async () =>
            presentMemberProfile(await getMemberProfile(services, { visitor, session, id }), services.now()),
          ),
      },
    };
  },
});
