import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';

/** Files the product keeps (exports, images). Local disk by default; S3-compatible by config. */
export interface Storage {
  put(key: string, data: string | Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  /** Removes the file; a key that is already gone is not an error. */
  delete(key: string): Promise<void>;
}

export function localStorage(root: string): Storage {
  const pathOf = (key: string) => {
    const path = normalize(join(root, key));
    if (!path.startsWith(normalize(root))) throw new Error(`storage key escapes the root: ${key}`);
    return path;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch {
        return undefined;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
