import { useNavigate } from 'react-router';
import type { FictionalProfileDetail } from '../../shared/contracts/fictional-profiles.ts';
import { adminRequest } from '../features/admin/admin-api.ts';
import { AdminErrorBoundary } from '../features/admin/admin-error-boundary.tsx';
import { adminPageMeta, dataOrThrow } from '../features/admin/admin-route.ts';
import {
  type FictionalProfileBody,
  FictionalProfileForm,
} from '../features/fictional-profiles/fictional-profile-form.tsx';
import { useTranslation } from '../lib/i18n.tsx';
import { PageTexts } from '../lib/page-texts.tsx';
import type { Route } from './+types/admin-profile-new';

const FIRST_COUNTRY = 'NL';

/** Admins only: the list's call answers the policy's refusal for anyone else (403 in the layout). */
export async function loader({ context }: Route.LoaderArgs) {
  dataOrThrow(await context.staff.fictionalProfiles({ page: 1 }));
  return {
    regionsSeed: { country: FIRST_COUNTRY, regions: context.site.regions(FIRST_COUNTRY) },
    texts: context.pageTexts('fictional'),
    profileTexts: context.pageTexts('profile'),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return adminPageMeta(matches, 'admin.sections.profiles');
}

/** /admin/profiles/new: a fictional profile's fields; once made, its page (photos, hiding) opens. */
export default function AdminProfileNew({ loaderData }: Route.ComponentProps) {
  return (
    <PageTexts messages={loaderData.profileTexts}>
      <PageTexts messages={loaderData.texts}>
        <NewProfile regionsSeed={loaderData.regionsSeed} />
      </PageTexts>
    </PageTexts>
  );
}

function NewProfile({ regionsSeed }: Pick<Route.ComponentProps['loaderData'], 'regionsSeed'>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = async (body: FictionalProfileBody) => {
    const created = await adminRequest<{ profile: FictionalProfileDetail }>(
      '/api/admin/fictional-profiles.php',
      { method: 'POST', body },
    );
    await navigate(`/admin/profiles/${created.profile.id}`);
  };
  return (
    <>
      <h1>{t('fictional.new_title')}</h1>
      <section className="admin-panel">
        <FictionalProfileForm
          regionsSeed={regionsSeed}
          submitLabel={t('fictional.create')}
          onSubmit={create}
        />
      </section>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
