import { useEffect, useState } from 'react';
import { data, Link } from 'react-router';
import type { FictionalProfileDetail } from '../../shared/contracts/fictional-profiles.ts';
import { TitledSection } from '../components/ui/titled-section.tsx';
import { AdminActionButton, useAdminAction } from '../features/admin/admin-action.tsx';
import { adminRequest } from '../features/admin/admin-api.ts';
import { AdminErrorBoundary } from '../features/admin/admin-error-boundary.tsx';
import { AdminNotice, type AdminNoticeValue } from '../features/admin/admin-notice.tsx';
import { adminPageMeta, dataOrThrow } from '../features/admin/admin-route.ts';
import { FictionalPhotos } from '../features/fictional-profiles/fictional-photos.tsx';
import {
  type FictionalProfileBody,
  FictionalProfileForm,
} from '../features/fictional-profiles/fictional-profile-form.tsx';
import { useTranslation } from '../lib/i18n.tsx';
import { PageTexts } from '../lib/page-texts.tsx';
import type { Route } from './+types/admin-profile';

/** Admins only (the policy's profiles.manage); another member's id is not found. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ code: 'not_found' }, { status: 404 });
  const profile = dataOrThrow(await context.staff.fictionalProfile(id));
  return {
    profile,
    regionsSeed: { country: profile.country, regions: context.site.regions(profile.country) },
    texts: context.pageTexts('fictional'),
    profileTexts: context.pageTexts('profile'),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return adminPageMeta(matches, 'admin.sections.profiles');
}

/** /admin/profiles/{id}: the profile's fields, its photos, hiding and showing it. */
export default function AdminProfile({ loaderData }: Route.ComponentProps) {
  return (
    <PageTexts messages={loaderData.profileTexts}>
      <PageTexts messages={loaderData.texts}>
        <ProfileEditor key={loaderData.profile.id} {...loaderData} />
      </PageTexts>
    </PageTexts>
  );
}

function ProfileEditor({ profile: loaded, regionsSeed }: Route.ComponentProps['loaderData']) {
  const { t } = useTranslation();
  // Each call answers with the profile as it is now: the page shows that, without a new load.
  const [profile, setProfile] = useState<FictionalProfileDetail>(loaded);
  useEffect(() => setProfile(loaded), [loaded]);
  const [notice, setNotice] = useState<AdminNoticeValue | null>(null);
  const action = useAdminAction(setNotice);

  const save = async (body: FictionalProfileBody) => {
    const saved = await adminRequest<{ profile: FictionalProfileDetail }>(
      `/api/admin/fictional-profile.php?id=${profile.id}`,
      { method: 'PUT', body },
    );
    setProfile(saved.profile);
    setNotice({ kind: 'success', text: t('fictional.saved') });
  };

  return (
    <>
      <p className="mb-2">
        <Link to="/admin/profiles">{t('fictional.back')}</Link>
      </p>
      <h1>{t('fictional.edit_title', { name: profile.name })}</h1>
      <AdminNotice notice={notice} />
      <TitledSection
        className="admin-panel"
        titleId="fictional-visibility-title"
        titleClassName="h4"
        title={t('fictional.visibility')}
      >
        <p>{profile.hidden ? t('fictional.hidden_note') : t('fictional.visible_note')}</p>
        <AdminActionButton
          className={`btn ${profile.hidden ? 'btn-outline-primary' : 'btn-outline-danger'}`}
          action={action}
          call={async () => {
            const hidden = !profile.hidden;
            await adminRequest('/api/admin/fictional-profile-visibility.php', {
              method: 'POST',
              body: { id: profile.id, hidden },
            });
            setProfile({ ...profile, hidden });
          }}
          success={profile.hidden ? t('fictional.shown_done') : t('fictional.hidden_done')}
        >
          {profile.hidden ? t('fictional.show') : t('fictional.hide')}
        </AdminActionButton>
      </TitledSection>
      <FictionalPhotos profile={profile} onChanged={setProfile} />
      <TitledSection
        className="admin-panel"
        titleId="fictional-details-title"
        titleClassName="h4"
        title={t('fictional.details')}
      >
        <FictionalProfileForm
          profile={profile}
          regionsSeed={regionsSeed}
          submitLabel={t('fictional.save')}
          onSubmit={save}
        />
      </TitledSection>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
