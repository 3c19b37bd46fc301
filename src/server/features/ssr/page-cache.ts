type Entry = { at: number; status: number; headers: [string, string][]; body: string; nonce: string };

/**
 * A micro-cache for pages as anonymous visitors see them: the same HTML for the same URL, language,
 * domain, country and traffic source for a few seconds. Each hit gets a fresh CSP nonce, swapped
 * into the stored HTML, so the nonce stays unguessable. Members' pages (session cookie) bypass it.
 */
export function createPageCache(options: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<string, Entry>();
  return {
    get(key: string, now: number): Entry | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (now - hit.at > options.ttlMs) {
        entries.delete(key);
        return undefined;
      }
      return hit;
    },
    set(key: string, entry: Entry) {
      if (entries.size >= options.maxEntries) {
        // Oldest first: Map keeps insertion order.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, entry);
    },
    clear: () => entries.clear(),
  };
}
