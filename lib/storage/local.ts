import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { now } from "@/lib/clock";
import { assertObjectKey, type ObjectMeta, type StorageDriver } from "./driver";
import { signObjectLink } from "./signing";

/** Route prefix of the app's download route (app/files/[...key]/route.ts). */
export const LOCAL_FILES_PATH = "/files";

export interface LocalStorage extends StorageDriver {
  readonly kind: "local";
  readonly root: string;
  /** The file behind a key, or null when it does not exist. */
  locate(key: string): Promise<{ path: string; sizeBytes: number } | null>;
}

/** Files under `root` (DATA_DIR/objects), served by the app through links signed with `signingKey`. */
export function createLocalStorage(root: string, signingKey: () => Buffer): LocalStorage {
  const fileOf = (key: string) => {
    assertObjectKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    kind: "local",
    root,
    async putFile(key: string, source: string, _meta: ObjectMeta) {
      const target = fileOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      // A rename is atomic: a reader never sees half a file under the key.
      try {
        await fsp.rename(source, target);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EXDEV") throw e;
        const partial = `${target}.partial-${process.pid}`;
        await fsp.copyFile(source, partial);
        await fsp.rename(partial, target);
        await fsp.rm(source, { force: true });
      }
    },
    signedUrl(key, { expiresInSeconds, origin }) {
      assertObjectKey(key);
      const exp = Math.floor(now().getTime() / 1000) + expiresInSeconds;
      const sig = signObjectLink(signingKey(), key, exp);
      const pathPart = key.split("/").map(encodeURIComponent).join("/");
      return Promise.resolve(`${origin}${LOCAL_FILES_PATH}/${pathPart}?exp=${exp}&sig=${sig}`);
    },
    async delete(key) {
      const file = fileOf(key);
      await fsp.rm(file, { force: true });
      // The snapshot's directory goes too once empty; a non-empty one stays.
      await fsp.rmdir(path.dirname(file)).catch(() => undefined);
    },
    async ping() {
      await fsp.mkdir(root, { recursive: true });
      await fsp.access(root, fs.constants.W_OK);
    },
    async locate(key) {
      try {
        const file = fileOf(key);
        const stat = await fsp.stat(file);
        return stat.isFile() ? { path: file, sizeBytes: stat.size } : null;
      } catch {
        return null;
      }
    },
  };
}
