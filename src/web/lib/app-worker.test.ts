import { describe, expect, it, vi } from 'vitest';
import { APP_WORKER_URL, registerAppWorker } from './app-worker.ts';

function fakeEnvironment() {
  const postMessage = vi.fn();
  const register = vi.fn(async () => ({}));
  let loaded: (() => Promise<void>) | undefined;
  return {
    postMessage,
    register,
    load: () => loaded?.(),
    env: {
      serviceWorker: { register, ready: Promise.resolve({ active: { postMessage } }) },
      afterLoad: (start: () => Promise<void>) => {
        loaded = start;
      },
    },
  };
}

describe('registerAppWorker', () => {
  it('registers the worker for the whole site only after the page has loaded, then tells it the language', async () => {
    const fake = fakeEnvironment();
    registerAppWorker('de', fake.env);
    expect(fake.register).not.toHaveBeenCalled();
    const done = fake.load();
    expect(fake.register).toHaveBeenCalledWith(APP_WORKER_URL, { scope: '/' });
    await done;
    expect(fake.postMessage).toHaveBeenCalledWith({ type: 'locale', locale: 'de' });
  });

  it('leaves a browser without service workers, or one that refuses the worker, as it was', async () => {
    const afterLoad = vi.fn();
    registerAppWorker('nl', { afterLoad });
    expect(afterLoad).not.toHaveBeenCalled();

    const fake = fakeEnvironment();
    fake.register.mockRejectedValueOnce(new DOMException('refused', 'SecurityError'));
    registerAppWorker('nl', fake.env);
    await fake.load();
    expect(fake.register).toHaveBeenCalled();
    expect(fake.postMessage).not.toHaveBeenCalled();
  });
});
