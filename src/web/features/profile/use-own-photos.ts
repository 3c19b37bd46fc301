import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { OwnPhotosResponse } from '../../../shared/contracts/photos.ts';
import { ownPhotosQuery, type PhotoChange, type PhotoUpload, usePhotoMutations } from './profile-queries.ts';

type OwnPhotosState =
  | { status: 'loading'; data?: undefined }
  | { status: 'failed'; data?: undefined }
  | { status: 'ready'; data: OwnPhotosResponse };

/**
 * The member's own photos (ownPhotosQuery) with the calls that change them (usePhotoMutations),
 * in the shape the photo manager and the settings' main-photo choice use. A failed read after a
 * good one keeps showing the list it had.
 */
export function useOwnPhotos(initial?: OwnPhotosResponse) {
  // `initial`: what the page's loader read with the HTML, until the query has its own.
  const query = useQuery({ ...ownPhotosQuery(), initialData: initial });
  const { upload, update, remove, invalidatePhotos } = usePhotoMutations();
  const state: OwnPhotosState =
    query.data !== undefined
      ? { status: 'ready', data: query.data }
      : query.isError
        ? { status: 'failed' }
        : { status: 'loading' };

  const { refetch } = query;
  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);
  const { mutateAsync: updateAsync } = update;
  const { mutateAsync: removeAsync } = remove;
  const { mutateAsync: uploadAsync } = upload;

  return {
    state,
    reload,
    /** After a batch of uploads: the list is read once, whatever came through. */
    uploaded: invalidatePhotos,
    upload: useCallback((input: PhotoUpload) => uploadAsync(input), [uploadAsync]),
    update: useCallback(
      async (id: number, change: PhotoChange) => {
        await updateAsync({ id, change });
      },
      [updateAsync],
    ),
    remove: useCallback(
      async (id: number) => {
        await removeAsync(id);
      },
      [removeAsync],
    ),
  };
}
