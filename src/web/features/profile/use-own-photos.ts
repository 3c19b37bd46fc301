import { useCallback, useEffect, useState } from 'react';
import type { OwnPhotosResponse } from '../../../shared/contracts/photos.ts';
import { getJson, request } from '../../lib/api.ts';

export type OwnPhotosState =
  | { status: 'loading'; data?: undefined }
  | { status: 'failed'; data?: undefined }
  | { status: 'ready'; data: OwnPhotosResponse };

/**
 * The member's own photos with the calls that change them. After every change the list is read
 * again: the server decides which photo becomes main when the main one goes, not the browser.
 */
export function useOwnPhotos() {
  const [state, setState] = useState<OwnPhotosState>({ status: 'loading' });

  const reload = useCallback(async () => {
    try {
      setState({ status: 'ready', data: await getJson<OwnPhotosResponse>('/api/photos.php') });
    } catch {
      setState((s) => (s.status === 'ready' ? s : { status: 'failed' }));
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const update = useCallback(
    async (id: number, change: { private?: boolean; main?: true }) => {
      await request(`/api/photo.php?id=${id}`, { method: 'PUT', body: change });
      await reload();
    },
    [reload],
  );

  const remove = useCallback(
    async (id: number) => {
      await request(`/api/photo.php?id=${id}`, { method: 'DELETE' });
      await reload();
    },
    [reload],
  );

  return { state, reload, update, remove };
}
