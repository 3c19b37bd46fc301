import { describe, expect, it, vi } from 'vitest';
import { ApiError, clearLoadOnceCache, loadOnce, onAuthenticationLost, request, retryDelay } from './api.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const noSleep = async () => {};

describe('api client', () => {
  it('retries a failing GET up to 5 times with exponential delay', async () => {
    const fetchImpl = vi.fn(async () => json(503, { error: { code: 'service_unavailable', message: 'x' } }));
    const sleeps: number[] = [];
    await expect(
      request('/api/settings.php', { fetchImpl, sleep: async (ms) => void sleeps.push(ms) }),
    ).rejects.toMatchObject({ status: 503, code: 'service_unavailable' });
    expect(fetchImpl).toHaveBeenCalledTimes(6);
    expect(sleeps).toEqual([200, 400, 800, 1600, 3200]);
    expect(retryDelay(0)).toBe(200);
  });

  it('does not retry a POST unless told it is safe', async () => {
    const fetchImpl = vi.fn(async () => json(500, {}));
    await expect(
      request('/api/complaints.php', { method: 'POST', body: {}, fetchImpl, sleep: noSleep }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('recovers after a network error', async () => {
    let n = 0;
    const fetchImpl = vi.fn(async () => {
      n += 1;
      if (n === 1) throw new TypeError('Failed to fetch');
      return json(200, { ok: true });
    });
    expect(await request('/api/x.php', { fetchImpl, sleep: noSleep })).toEqual({ ok: true });
  });

  it('does not wait out its retries when the browser knows it is offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    try {
      const fetchImpl = vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      });
      const sleeps: number[] = [];
      await expect(
        request('/api/chat-message.php', {
          method: 'POST',
          body: {},
          retry: true,
          fetchImpl,
          sleep: async (ms) => void sleeps.push(ms),
        }),
      ).rejects.toMatchObject({ status: 0, code: 'network_error' });
      expect(fetchImpl).toHaveBeenCalledTimes(1);
      expect(sleeps).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('gives up an attempt that gets no answer in time, as a lost connection', async () => {
    // A fetch that only ends when its signal aborts: a server that took the request and hangs.
    const fetchImpl = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );
    await expect(
      request('/api/chat-message.php', {
        method: 'POST',
        body: {},
        timeoutMs: 20,
        fetchImpl,
        sleep: noSleep,
      }),
    ).rejects.toMatchObject({ status: 0, code: 'network_error' });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('marks user.php requests as client requests', async () => {
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json(200, {}));
    await request('/api/user.php', { fetchImpl, sleep: noSleep });
    const headers = fetchImpl.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers['x-request-type']).toBe('client');
  });

  it('reports a lost session on 403 authentication_required, except from user.php', async () => {
    const lost = vi.fn();
    const off = onAuthenticationLost(lost);
    const fetchImpl = async () => json(403, { error: { code: 'authentication_required', message: 'x' } });
    await expect(request('/api/chats.php', { fetchImpl, sleep: noSleep })).rejects.toBeInstanceOf(ApiError);
    await expect(request('/api/user.php', { fetchImpl, sleep: noSleep })).rejects.toBeInstanceOf(ApiError);
    expect(lost).toHaveBeenCalledTimes(1);
    off();
  });

  it('loads interests, regions and company info once', async () => {
    clearLoadOnceCache();
    const fetchImpl = vi.fn(async () => json(200, { interests: [] }));
    await Promise.all([
      loadOnce('/api/interests.php', { fetchImpl }),
      loadOnce('/api/interests.php', { fetchImpl }),
    ]);
    await loadOnce('/api/interests.php', { fetchImpl });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
