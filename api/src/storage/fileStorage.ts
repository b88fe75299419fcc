import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";

/** A stored file read back: its bytes as a stream and their count. */
export interface StoredFile {
  stream: Readable;
  size: number;
}

/**
 * Where uploaded files live, behind a key the application chooses (never a user-supplied name).
 * The local-disk implementation serves one machine; another (S3 …) can take its place in deps.ts.
 */
export interface FileStorage {
  put(key: string, bytes: Buffer, options: { contentType: string }): Promise<void>;
  /**
   * Stores the bytes as they come, never holding them whole; the file appears under `key` only once
   * they have all been written. When the source fails, nothing is left and its error is thrown.
   * Answers how many bytes were stored.
   */
  putStream(
    key: string,
    source: Readable | AsyncIterable<Uint8Array>,
    options: { contentType: string },
  ): Promise<{ size: number }>;
  /** The file, or null when no file has that key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are our own random names: letters, digits, dashes, underscores and dots, in `/`-separated segments. */
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

/** Refuses any key that could climb out of the storage root or name something odd. */
export function assertStorageKey(key: string): void {
  if (key.length > 200 || !KEY_PATTERN.test(key) || key.split("/").some((segment) => segment === "..")) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

/**
 * Writes the bytes under a fresh random key (`<prefix>/<random>.<extension>`), then runs `commit` with
 * that key (the rows naming it, in their transaction); when `commit` fails the bytes are removed again.
 */
export async function storeThenCommit<T>(
  storage: FileStorage,
  file: { prefix: string; extension: string; bytes: Buffer; contentType: string },
  commit: (storageKey: string) => Promise<T>,
): Promise<T> {
  const storageKey = `${file.prefix}/${randomBytes(16).toString("hex")}.${file.extension}`;
  await storage.put(storageKey, file.bytes, { contentType: file.contentType });
  try {
    return await commit(storageKey);
  } catch (error) {
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}
