/**
 * Remembers a promised value per key for a while. Callers that ask at the same time share one
 * load; a failed load is forgotten at once so the next caller tries again. Keys may come from
 * request data, so the map is bounded (cleared when full: entries are cheap to load again).
 */
export type PromiseCache<T> = {
  /** `now` in ms; by default the process clock (services.now() may be frozen by tests). */
  get: (key: string, load: () => Promise<T>, now?: number) => Promise<T>;
  /** Drops what is known for a key (it changed); the next get loads it again. */
  forget: (key: string) => void;
  /**
   * A key's new value, told by a change: a key held (loaded, or a load under way) takes it without a
   * load; a key not held stays unknown, so that a change heard by every instance fills none of them
   * with keys it does not serve.
   */
  update: (key: string, value: T, now?: number) => void;
  /** Drops every key: a change that may touch any of them (a member turned invisible). */
  clear: () => void;
};

export function createPromiseCache<T>(options: { ttlMs: number; maxEntries?: number }): PromiseCache<T> {
  const { ttlMs, maxEntries = 5_000 } = options;
  const cache = new Map<string, { at: number; value: Promise<T> }>();
  return {
    get: (key, load, now = performance.now()) => {
      const hit = cache.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value;
      if (cache.size >= maxEntries) cache.clear();
      const value = load();
      const entry = { at: now, value };
      // Only this entry: a newer one, loaded after a forget, stays.
      value.catch(() => {
        if (cache.get(key) === entry) cache.delete(key);
      });
      cache.set(key, entry);
      return value;
    },
    forget: (key) => {
      cache.delete(key);
    },
    update: (key, value, now = performance.now()) => {
      if (cache.has(key)) cache.set(key, { at: now, value: Promise.resolve(value) });
    },
    clear: () => {
      cache.clear();
    },
  };
}
