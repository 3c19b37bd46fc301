import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { useSession } from '../session/member-session.tsx';
import { browserPushEnvironment, disablePush, enablePush, usePushState } from './push-state.ts';

/**
 * Push on this device, switched for real: the browser's permission, the subscription with the
 * site's VAPID key, and the server's copy. The table's push column says which kinds come through.
 */
export function PushDeviceSwitch() {
  const { t } = useTranslation();
  const { setPushSubscribed } = useSession();
  const publicKey = useRootData()?.settings.push_public_key ?? '';
  const push = usePushState();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const on = typeof push.isSubscribed === 'object';
  const toggle = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const env = browserPushEnvironment();
      const next = on ? await disablePush(env) : await enablePush(env, publicKey);
      setPushSubscribed(typeof next.isSubscribed === 'object');
    } catch {
      setFailed(true);
    }
    setBusy(false);
  };
  const status = !push.isCapable
    ? t('push_device.unsupported')
    : push.isSubscribed === 'denied'
      ? t('push_device.denied')
      : on
        ? t('push_device.on')
        : t('push_device.off');
  return (
    <section className="card mb-4 push-device" aria-labelledby="push-device-title">
      <div className="card-body d-flex flex-wrap align-items-center gap-3">
        <div className="flex-grow-1">
          <h2 id="push-device-title" className="h6 mb-1">
            {t('push_device.title')}
          </h2>
          <p className="small mb-0 text-body-secondary" role="status">
            {status}
          </p>
          {failed ? (
            <p className="small mb-0 text-danger" role="alert">
              {t('push_device.failed')}
            </p>
          ) : null}
        </div>
        {push.isCapable && push.isSubscribed !== 'denied' ? (
          <button
            type="button"
            className={on ? 'btn btn-outline-secondary' : 'btn btn-primary'}
            disabled={busy}
            onClick={toggle}
          >
            {on ? t('push_device.disable') : t('push_device.enable')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
