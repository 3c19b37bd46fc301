import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where media bytes live. Local disk by default; an S3-compatible implementation only has to
 * provide these four calls. Keys are relative paths such as `p/12/345-thumb.webp`.
 */
export type Storage = {
  put: (key: string, data: Buffer, contentType: string) => Promise<void>;
  get: (key: string) => Promise<Buffer | null>;
  exists: (key: string) => Promise<boolean>;
  remove: (key: string) => Promise<void>;
  /** Absolute directory for serving public keys from disk, when the backend is local. */
  localRoot?: string;
};

function safeJoin(root: string, key: string): string {
  const full = path.resolve(root, key);
  if (!full.startsWith(`${root}${path.sep}`)) throw new Error(`storage key escapes the root: ${key}`);
  return full;
}

export function createLocalStorage(root: string): Storage {
  const resolvedRoot = path.resolve(root);
  return {
    localRoot: resolvedRoot,
    put: async (key, data) => {
      const file = safeJoin(resolvedRoot, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(`${file}.tmp`, data);
      await fs.rename(`${file}.tmp`, file);
    },
    get: async (key) => fs.readFile(safeJoin(resolvedRoot, key)).catch(() => null),
    exists: async (key) =>
      fs
        .stat(safeJoin(resolvedRoot, key))
        .then(() => true)
        .catch(() => false),
    remove: async (key) => fs.rm(safeJoin(resolvedRoot, key), { force: true }),
  };
}
