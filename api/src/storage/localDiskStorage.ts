import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertStorageKey, type FileStorage, type StoredFile } from "./fileStorage.ts";

/** Files under one directory (config.varDir/files), one file per key. */
export class LocalDiskStorage implements FileStorage {
  constructor(readonly rootDir: string) {}

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.rootDir, ...key.split("/"));
  }

  /** The content type is not kept: the images table records the sniffed type that serving uses. */
  async put(key: string, bytes: Buffer, _options?: { contentType: string }): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Written aside then renamed: a reader never sees half a file.
    const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
    await writeFile(temporary, bytes, { flag: "wx", mode: 0o640 });
    await rename(temporary, target);
  }

  async putStream(
    key: string,
    source: Readable | AsyncIterable<Uint8Array>,
    _options?: { contentType: string },
  ): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
    const file = createWriteStream(temporary, { flags: "wx", mode: 0o640 });
    try {
      await pipeline(source, file);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { size: file.bytesWritten };
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { stream: createReadStream(file), size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
