import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { OwnPhotosResponse } from '../../shared/contracts/photos.ts';
import type { OwnProfile } from '../../shared/contracts/profile.ts';
import { createTranslator } from '../../shared/i18n/translator.ts';
import { AddPhotoAlert } from '../features/profile/add-photo-alert.tsx';
import { ModerationNotices } from '../features/profile/moderation-notices.tsx';
import { PhotoManager } from '../features/profile/photo-manager.tsx';
import { ProfileCompleteness } from '../features/profile/profile-completeness.tsx';
import { ProfileForm } from '../features/profile/profile-form.tsx';
import { profileCompleteness, visibleFieldSet } from '../features/profile/profile-form-logic.ts';
import { ProfileHeader } from '../features/profile/profile-header.tsx';
import { ownProfileQuery } from '../features/profile/profile-queries.ts';
import { useOwnPhotos } from '../features/profile/use-own-photos.ts';
import { useSession } from '../features/session/member-session.tsx';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { PageTexts } from '../lib/page-texts.tsx';
import { useRootData } from '../lib/root-data.ts';
import { guards } from '../lib/route-middleware.ts';
import type { RegionsSeed } from '../lib/use-regions.ts';
import '../styles/profile.scss';
import type { PushAlertHandle } from '../features/notifications/enable-push-alert.tsx';
import type { Route } from './+types/profile';

// The push invitation does not float over this page (PushAlertHandle).
export const handle: PushAlertHandle = { noPushAlert: true };

// After the member layout's 'auth'.
export const middleware = guards('complete');

export async function loader({ context }: Route.LoaderArgs) {
  const texts = context.pageTexts('profile');
  // The profile and the photos come with the HTML (nothing moves when they arrive); the queries
  // start from them. A refusal leaves them to the queries, which show it.
  const [own, photos] = await Promise.all([context.profile.own(), context.profile.photos()]);
  return {
    title: createTranslator(texts)('title'),
    texts,
    initial: { profile: own.ok ? own.data : undefined, photos: photos.ok ? photos.data : undefined },
    // The region is named in the header and the form's select from the start, not by its code.
    regions: own.ok
      ? { country: own.data.country, regions: context.site.regions(own.data.country) }
      : undefined,
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.title);
}

function ProfilePage({
  initial,
  regions,
}: {
  initial: { profile?: OwnProfile; photos?: OwnPhotosResponse };
  regions?: RegionsSeed;
}) {
  const { t } = useTranslation();
  const root = useRootData();
  const session = useSession();
  const { user, refresh } = session;
  const photos = useOwnPhotos(initial.photos);
  const profile = useQuery({ ...ownProfileQuery(), initialData: initial.profile });
  // A retry shows the loading line again until the answer comes.
  const profileStatus = profile.data
    ? 'ready'
    : profile.isError && !profile.isFetching
      ? 'failed'
      : 'loading';

  const settings = root?.settings;
  const visible = useMemo(() => visibleFieldSet(settings?.visible_profile_fields ?? []), [settings]);
  if (!settings || !user) return null;

  const own = profile.data ?? null;
  const photoData = photos.state.status === 'ready' ? photos.state.data : null;
  const mainPhoto = photoData?.photos.find((p) => p.id === photoData.main_photo_id) ?? null;
  return (
    <main id="main" className="container profile-page">
      <ProfileHeader
        id={user.id}
        name={own?.name ?? user.profile.name}
        age={own?.age ?? user.profile.age}
        country={own?.country ?? user.profile.country}
        region={own ? own.region : user.profile.region}
        city={own ? own.city : user.profile.city}
        paidUser={user.paid_user}
        mainPhoto={mainPhoto}
        cdnPrefix={settings.cdn_prefix}
        showAge={visible.has('age')}
        regionsSeed={regions}
      />
      <ModerationNotices />
      <AddPhotoAlert hasPhoto={photoData ? photoData.photos.length > 0 : undefined} className="mt-4 mb-0" />
      <div className="profile-columns">
        <div className="profile-side">
          <section
            id="photos"
            className="profile-card profile-photos"
            aria-labelledby="photos-title"
            tabIndex={-1}
          >
            <h2 id="photos-title" className="profile-card-title">
              {t('fields.photos')}
            </h2>
            <PhotoManager
              photos={photos}
              cdnPrefix={settings.cdn_prefix}
              paidUser={user.paid_user}
              csrfToken={session.csrfToken}
              onChanged={() => void refresh()}
            />
          </section>
          {own && photoData && (
            <ProfileCompleteness
              completeness={profileCompleteness(own, photoData.photos.length > 0, visible)}
            />
          )}
        </div>
        <section id="details" className="profile-card profile-details" aria-labelledby="details-title">
          <h2 id="details-title" className="profile-card-title">
            {t('form.title')}
          </h2>
          {profileStatus === 'loading' && (
            <p className="text-body-secondary" role="status">
              {t('form.loading')}
            </p>
          )}
          {profileStatus === 'failed' && (
            <div className="alert alert-warning d-flex align-items-center gap-2 flex-wrap" role="alert">
              {t('form.load_failed')}
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => void profile.refetch()}
              >
                {t('form.retry')}
              </button>
            </div>
          )}
          {own && (
            <ProfileForm
              profile={own}
              visible={visible}
              showNotes={settings.visible_profile_notes}
              countries={settings.countries}
              labelledBy="details-title"
              regionsSeed={regions}
              // useSaveProfile has put the saved profile into the cache; the navigation's name follows.
              onSaved={() => void refresh()}
            />
          )}
        </section>
      </div>
    </main>
  );
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  return (
    <PageTexts messages={loaderData.texts}>
      <ProfilePage initial={loaderData.initial} regions={loaderData.regions} />
    </PageTexts>
  );
}
