import { useEffect } from 'react';
import { useRootData } from '../../lib/root-data.ts';
import { useSession } from '../session/member-session.tsx';
import { browserPushEnvironment, pushStore, syncPush } from './push-state.ts';

/**
 * Keeps this browser's push subscription with the member (posted again on every load of the members
 * area, made after the sign-up's prompt allowed it) and tells the session, whose polling slows to
 * 300 s while pushes carry the news. Renders nothing.
 */
export function PushSync() {
  const { user, setPushSubscribed } = useSession();
  const publicKey = useRootData()?.settings.push_public_key;
  const userId = user?.id;
  useEffect(() => {
    if (!userId || !publicKey) return;
    let live = true;
    syncPush(browserPushEnvironment(), publicKey)
      .then((state) => {
        if (live) setPushSubscribed(typeof state.isSubscribed === 'object');
      })
      // No push on this device is no reason to trouble the member: polling carries the news.
      .catch(() => {});
    const heard = (event: MessageEvent) => {
      if (event.data?.type === 'push') pushStore.heard(event.data.payload);
    };
    navigator.serviceWorker?.addEventListener('message', heard);
    return () => {
      live = false;
      navigator.serviceWorker?.removeEventListener('message', heard);
    };
  }, [userId, publicKey, setPushSubscribed]);
  return null;
}
