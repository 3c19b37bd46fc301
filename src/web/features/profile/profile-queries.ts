import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileNotice } from '../../../shared/contracts/moderation.ts';
import type { OwnPhoto, OwnPhotosResponse } from '../../../shared/contracts/photos.ts';
import type { OwnProfile, ProfileUpdate } from '../../../shared/contracts/profile.ts';
import { getJson, request } from '../../lib/api.ts';
import { uploadPhoto } from './upload-photo.ts';

const profileKeys = {
  all: ['profile'] as const,
  own: () => [...profileKeys.all, 'own'] as const,
  photos: () => [...profileKeys.all, 'photos'] as const,
  notices: () => [...profileKeys.all, 'notices'] as const,
};

/** GET /api/profile-notices.php: what moderators decided about the member's photos and texts. */
export function moderationNoticesQuery() {
  return queryOptions({
    queryKey: profileKeys.notices(),
    queryFn: async () => (await getJson<{ notices: ProfileNotice[] }>('/api/profile-notices.php')).notices,
  });
}

/** Dismisses a notice; it leaves the list at once, and for good once the server has it. */
export function useDismissNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request('/api/profile-notice-dismiss.php', { method: 'POST', body: { id }, retry: true }),
    onMutate: (id) =>
      queryClient.setQueryData(moderationNoticesQuery().queryKey, (notices) =>
        notices?.filter((notice) => notice.id !== id),
      ),
  });
}

/** GET /api/profile.php: the member's own profile, every field (the form edits it). */
export function ownProfileQuery() {
  return queryOptions({
    queryKey: profileKeys.own(),
    queryFn: async () => (await getJson<{ profile: OwnProfile }>('/api/profile.php')).profile,
  });
}

/** GET /api/photos.php: the member's own photos with status, limits and the main photo. */
export function ownPhotosQuery() {
  return queryOptions({
    queryKey: profileKeys.photos(),
    queryFn: () => getJson<OwnPhotosResponse>('/api/photos.php'),
  });
}

/** PUT /api/profile.php; the saved profile replaces the cached one, so the page shows it at once. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: ProfileUpdate) => {
      const response = await request<{ profile?: OwnProfile }>('/api/profile.php', {
        method: 'PUT',
        body: update,
      });
      return response?.profile ?? (await getJson<{ profile: OwnProfile }>('/api/profile.php')).profile;
    },
    onSuccess: (profile) => queryClient.setQueryData(ownProfileQuery().queryKey, profile),
  });
}

export type PhotoChange = { private?: boolean; main?: true };
export type PhotoUpload = { file: File } & Omit<Parameters<typeof uploadPhoto>[1], 'createRequest'>;

/**
 * Upload, change and delete own photos. After a change the list is read again rather than
 * patched: the server decides which photo becomes main when the main one goes or turns private.
 * Uploads do not read it after each file: a batch reads it once at its end (invalidatePhotos).
 */
export function usePhotoMutations() {
  const queryClient = useQueryClient();
  const invalidatePhotos = () => queryClient.invalidateQueries({ queryKey: profileKeys.photos() });
  const upload = useMutation({
    mutationFn: ({ file, ...options }: PhotoUpload): Promise<{ photo: OwnPhoto }> =>
      uploadPhoto(file, options),
  });
  const update = useMutation({
    mutationFn: ({ id, change }: { id: number; change: PhotoChange }) =>
      request(`/api/photo.php?id=${id}`, { method: 'PUT', body: change }),
    // Returned, so the caller's await ends with the list already read back.
    onSuccess: invalidatePhotos,
  });
  const remove = useMutation({
    mutationFn: (id: number) => request(`/api/photo.php?id=${id}`, { method: 'DELETE' }),
    onSuccess: invalidatePhotos,
  });
  return { upload, update, remove, invalidatePhotos };
}
