import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_WORKER_URL } from '../../lib/app-worker.ts';
import {
  applicationServerKey,
  disablePush,
  enablePush,
  type PushEnvironment,
  pushStore,
  syncPush,
} from './push-state.ts';

const KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const SUBSCRIPTION = {
  endpoint: 'https://push.example/send/1',
  expirationTime: null,
  keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
};

function browser(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const stored = new Map<string, string>();
  let current: { toJSON: () => unknown; unsubscribe: () => Promise<boolean> } | null = null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      current = {
        toJSON: () => SUBSCRIPTION,
        unsubscribe: vi.fn(async () => {
          current = null;
          return true;
        }),
      };
      return current;
    }),
  };
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  const env = {
    notification,
    serviceWorker: {
      register: vi.fn(async (_url: string, _options: RegistrationOptions) => ({ pushManager })),
    },
    storage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    },
    post: vi.fn(async () => ({ ok: true })),
    remove: vi.fn(async () => ({ ok: true })),
  } satisfies PushEnvironment;
  return { env, pushManager, notification, stored };
}

beforeEach(() => pushStore.reset());

describe('push state', () => {
  it('subscribes with the VAPID key through /sw-push.js?v=2 at scope / and posts the subscription', async () => {
    const { env, pushManager } = browser('default', 'granted');
    const state = await enablePush(env, KEY);
    expect(env.serviceWorker.register).toHaveBeenCalledWith(APP_WORKER_URL, { scope: '/' });
    expect(APP_WORKER_URL).toBe('/sw-push.js?v=2');
    const options = pushManager.subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    expect(options?.applicationServerKey).toEqual(applicationServerKey(KEY));
    expect(env.post).toHaveBeenCalledWith(SUBSCRIPTION);
    expect(state.isSubscribed).toEqual(SUBSCRIPTION);
  });

  it('marks a refused permission denied and never asks again', async () => {
    const { env, notification } = browser('default', 'denied');
    expect((await enablePush(env, KEY)).isSubscribed).toBe('denied');
    // Even if the browser would ask again (reset to 'default' by the browser's own prompt rules).
    notification.permission = 'default';
    expect((await enablePush(env, KEY)).isSubscribed).toBe('denied');
    expect(notification.requestPermission).toHaveBeenCalledOnce();
    expect(env.post).not.toHaveBeenCalled();
  });

  it('on page load: subscribes after the sign-up allowed it, posts an existing one again, never asks', async () => {
    const allowed = browser('granted');
    expect((await syncPush(allowed.env, KEY)).isSubscribed).toEqual(SUBSCRIPTION);
    expect(await syncPush(allowed.env, KEY)).toMatchObject({ isCapable: true, isSubscribed: SUBSCRIPTION });
    expect(allowed.pushManager.subscribe).toHaveBeenCalledOnce();
    expect(allowed.env.post).toHaveBeenCalledTimes(2);

    const undecided = browser('default');
    expect((await syncPush(undecided.env, KEY)).isSubscribed).toBe(false);
    expect(undecided.notification.requestPermission).not.toHaveBeenCalled();

    const refused = browser('denied');
    expect((await syncPush(refused.env, KEY)).isSubscribed).toBe('denied');
  });

  it('switched off: the browser and the server forget it, and the next page load does not subscribe again', async () => {
    const { env, pushManager } = browser('granted');
    await enablePush(env, KEY);
    expect((await disablePush(env)).isSubscribed).toBe(false);
    expect(env.remove).toHaveBeenCalledWith(SUBSCRIPTION.endpoint);
    expect(await pushManager.getSubscription()).toBeNull();
    expect((await syncPush(env, KEY)).isSubscribed).toBe(false);
    expect(pushManager.subscribe).toHaveBeenCalledOnce();
  });

  it('is not capable without service workers, push or notifications', async () => {
    const { env } = browser('granted');
    const state = await syncPush({ ...env, serviceWorker: undefined }, KEY);
    expect(state).toMatchObject({ isCapable: false, isSubscribed: false });
  });
});
