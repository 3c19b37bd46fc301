import { useSyncExternalStore } from 'react';
import type { PushSubscriptionJson } from '../../../shared/contracts/push.ts';
import { request } from '../../lib/api.ts';
import { APP_WORKER_URL } from '../../lib/app-worker.ts';
import { safeLocalStorage } from '../../lib/local-storage.ts';

/**
 * The spec's push state (§3): whether the browser can push, the subscription (its JSON, false when
 * there is none, 'denied' when the browser's permission was refused), and the last push an open
 * tab heard of (the service worker forwards each one).
 */
export type PushState = {
  isCapable: boolean;
  isSubscribed: PushSubscriptionJson | false | 'denied';
  lastMessage: unknown;
};

/** What this module needs of the browser, so that its rules can be tested without one. */
export type PushEnvironment = {
  notification?: {
    permission: NotificationPermission;
    requestPermission: () => Promise<NotificationPermission>;
  };
  serviceWorker?: {
    register: (
      url: string,
      options: RegistrationOptions,
    ) => Promise<{
      pushManager: {
        getSubscription: () => Promise<{ toJSON: () => unknown; unsubscribe: () => Promise<boolean> } | null>;
        subscribe: (options: PushSubscriptionOptionsInit) => Promise<{ toJSON: () => unknown }>;
      };
    }>;
  };
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  post: (subscription: PushSubscriptionJson) => Promise<unknown>;
  remove: (endpoint: string) => Promise<unknown>;
};

/**
 * What the browser keeps of the member's choice: 'denied' (the permission was refused: never asked
 * again) or 'off' (switched off on /notifications: not subscribed again on the next page load).
 */
const CHOICE_KEY = 'push_choice';

export function browserPushEnvironment(): PushEnvironment {
  const capable =
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'serviceWorker' in navigator &&
    'PushManager' in window;
  return {
    notification: capable ? window.Notification : undefined,
    serviceWorker: capable
      ? (navigator.serviceWorker as unknown as PushEnvironment['serviceWorker'])
      : undefined,
    storage: safeLocalStorage(),
    post: (subscription) => request('/api/user.php?push=1', { method: 'POST', body: { subscription } }),
    remove: (endpoint) => request('/api/user.php?push=1', { method: 'DELETE', body: { endpoint } }),
  };
}

/** The VAPID public key as subscribe() takes it. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

let state: PushState = { isCapable: false, isSubscribed: false, lastMessage: null };
const listeners = new Set<() => void>();
function setState(next: Partial<PushState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const pushStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** A push the service worker forwarded to this tab. */
  heard(message: unknown) {
    setState({ lastMessage: message });
  },
  /** Tests start over. */
  reset() {
    state = { isCapable: false, isSubscribed: false, lastMessage: null };
  },
};

const SERVER_STATE: PushState = { isCapable: false, isSubscribed: false, lastMessage: null };

export function usePushState(): PushState {
  return useSyncExternalStore(pushStore.subscribe, pushStore.get, () => SERVER_STATE);
}

const denied = (env: PushEnvironment) => {
  env.storage?.setItem(CHOICE_KEY, 'denied');
  setState({ isSubscribed: 'denied' });
  return state;
};

async function subscribeWith(env: PushEnvironment, publicKey: string): Promise<PushState> {
  const registration = await env.serviceWorker!.register(APP_WORKER_URL, { scope: '/' });
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    }));
  const json = subscription.toJSON() as PushSubscriptionJson;
  // The spec: a subscription is posted to the account whenever the member is logged in with it,
  // so a device moves to whoever logs in there, and a logout's dropped row comes back.
  await env.post(json);
  setState({ isSubscribed: json });
  return state;
}

/**
 * On every page load of the members area: the browser's subscription is posted again, and a member
 * who allowed push (the sign-up's prompt) is subscribed. Never asks for the permission itself.
 */
export async function syncPush(env: PushEnvironment, publicKey: string): Promise<PushState> {
  setState({ isCapable: Boolean(env.notification && env.serviceWorker) });
  if (!env.notification || !env.serviceWorker) return state;
  if (env.notification.permission === 'denied') return denied(env);
  if (env.notification.permission !== 'granted') {
    // Allowed again in the browser's settings, then reset to ask: the old refusal no longer holds.
    if (env.storage?.getItem(CHOICE_KEY) === 'denied') env.storage.removeItem(CHOICE_KEY);
    setState({ isSubscribed: false });
    return state;
  }
  if (env.storage?.getItem(CHOICE_KEY) === 'off') {
    setState({ isSubscribed: false });
    return state;
  }
  return subscribeWith(env, publicKey);
}

/** The member switches push on: the permission is asked (once: a refusal is kept), then the subscription stored. */
export async function enablePush(env: PushEnvironment, publicKey: string): Promise<PushState> {
  if (!env.notification || !env.serviceWorker) return state;
  if (env.notification.permission === 'denied' || env.storage?.getItem(CHOICE_KEY) === 'denied')
    return denied(env);
  const permission =
    env.notification.permission === 'granted' ? 'granted' : await env.notification.requestPermission();
  if (permission === 'denied') return denied(env);
  if (permission !== 'granted') return state;
  env.storage?.removeItem(CHOICE_KEY);
  return subscribeWith(env, publicKey);
}

/** The member switches push off on this device: the browser's subscription and the stored one go. */
export async function disablePush(env: PushEnvironment): Promise<PushState> {
  env.storage?.setItem(CHOICE_KEY, 'off');
  if (env.serviceWorker) {
    const registration = await env.serviceWorker.register(APP_WORKER_URL, { scope: '/' });
    const subscription = await registration.pushManager.getSubscription();
    if (subscription) {
      const { endpoint } = subscription.toJSON() as { endpoint: string };
      await env.remove(endpoint);
      await subscription.unsubscribe();
    }
  }
  setState({ isSubscribed: false });
  return state;
}
