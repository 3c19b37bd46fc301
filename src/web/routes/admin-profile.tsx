import { useEffect, useState } from 'react';
import { data, Link } from 'react-router';
import type { FictionalProfileDetail } from '../../shared/contracts/fictional-profiles.ts';
import { adminRequest } from '../features/admin/admin-api.ts';
import { AdminErrorBoundary } from '../features/admin/admin-error-boundary.tsx';
import { AdminNotice, type AdminNoticeValue } from '../features/admin/admin-notice.tsx';
import { adminPageMeta, dataOrThrow } from '../features/admin/admin-route.ts';
import { FictionalPhotos } from '../features/fictional-profiles/fictional-photos.tsx';
import {
  type FictionalProfileBody,
  FictionalProfileForm,
} from '../features/fictional-profiles/fictional-profile-form.tsx';
import { formErrorText, readApiError } from '../lib/api-form-errors.ts';
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
  const [busy, setBusy] = useState(false);

  const save = async (body: FictionalProfileBody) => {
    const saved = await adminRequest<{ profile: FictionalProfileDetail }>(
      `/api/admin/fictional-profile.php?id=${profile.id}`,
      { method: 'PUT', body },
    );
    setProfile(saved.profile);
    setNotice({ kind: 'success', text: t('fictional.saved') });
  };

  const setHidden = async (hidden: boolean) => {
    setBusy(true);
    try {
      await adminRequest('/api/admin/fictional-profile-visibility.php', {
        method: 'POST',
        body: { id: profile.id, hidden },
      });
      setProfile({ ...profile, hidden });
      setNotice({ kind: 'success', text: hidden ? t('fictional.hidden_done') : t('fictional.shown_done') });
    } catch (error) {
      const { form } = readApiError(error, []);
      setNotice({ kind: 'error', text: form ? formErrorText(t, form, form.vars) : t('errors.general') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p className="mb-2">
        <Link to="/admin/profiles">{t('fictional.back')}</Link>
      </p>
      <h1>{t('fictional.edit_title', { name: profile.name })}</h1>
      <AdminNotice notice={notice} />
      <section className="admin-panel" aria-labelledby="fictional-visibility-title">
        <h2 className="h4" id="fictional-visibility-title">
          {t('fictional.visibility')}
        </h2>
        <p>{profile.hidden ? t('fictional.hidden_note') : t('fictional.visible_note')}</p>
        <button
          type="button"
          className={`btn ${profile.hidden ? 'btn-outline-primary' : 'btn-outline-danger'}`}
          disabled={busy}
          onClick={() => void setHidden(!profile.hidden)}
        >
          {profile.hidden ? t('fictional.show') : t('fictional.hide')}
        </button>
      </section>
      <FictionalPhotos profile={profile} onChanged={setProfile} />
      <section className="admin-panel" aria-labelledby="fictional-details-title">
        <h2 className="h4" id="fictional-details-title">
          {t('fictional.details')}
        </h2>
        <FictionalProfileForm
          profile={profile}
          regionsSeed={regionsSeed}
          submitLabel={t('fictional.save')}
          onSubmit={save}
        />
      </section>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
