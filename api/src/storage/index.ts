import path from "node:path";
import type { Config } from "../config.ts";
import type { FileStorage } from "./fileStorage.ts";
import { LocalDiskStorage } from "./localDiskStorage.ts";

export type { FileStorage, StoredFile } from "./fileStorage.ts";

/** The storage of this process: local disk under the var directory. */
export function createFileStorage(config: Pick<Config, "varDir">): FileStorage {
  return new LocalDiskStorage(path.join(config.varDir, "files"));
}
