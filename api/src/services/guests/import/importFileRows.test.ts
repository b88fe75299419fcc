import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileStorage } from "../../../storage/fileStorage.ts";
import { LocalDiskStorage } from "../../../storage/localDiskStorage.ts";
import { openImportRows } from "./importFileRows.ts";

/** The disk storage, counting the bytes read out of it. */
function countingStorage(inner: FileStorage) {
  const counted = { bytes: 0 };
  const storage: FileStorage = {
    put: (key, bytes, options) => inner.put(key, bytes, options),
    putStream: (key, content, options) => inner.putStream(key, content, options),
    delete: (key) => inner.delete(key),
    async get(key) {
      const stored = await inner.get(key);
      if (!stored) return null;
      stored.stream.on("data", (chunk: Buffer) => (counted.bytes += chunk.length));
      return { ...stored, stream: stored.stream as Readable };
    },
  };
  return { storage, counted };
}

describe("openImportRows", () => {
  let root: string;
  let disk: LocalDiskStorage;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "import-rows-"));
    disk = new LocalDiskStorage(root);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("reads a stored file piece by piece: its first rows come before most of it is read, its rows all come in order", async () => {
    const lines = ["email;firstName"];
    for (let index = 0; index < 100_000; index++) lines.push(`guest${index}@example.com;Prénom ${index}`);
    const bytes = Buffer.from(lines.join("\r\n"), "utf8");
    await disk.put("imports/big.csv", bytes, { contentType: "text/csv" });
    const { storage, counted } = countingStorage(disk);
    const file = {
      fileKey: "imports/big.csv",
      encoding: "utf-8",
      separator: ";",
      sourceFormat: "csv",
      hasHeaders: true,
    } as const;

    const rows = await openImportRows(storage, file);
    expect(rows.headers).toEqual(["email", "firstName"]);
    const iterator = rows.rows[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ line: 2, cells: ["guest0@example.com", "Prénom 0"] });
    expect(counted.bytes).toBeLessThan(bytes.length / 10);
    let last = null;
    let count = 1;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      last = next.value;
      count += 1;
    }
    expect(count).toBe(100_000);
    expect(last).toEqual({ line: 100_001, cells: ["guest99999@example.com", "Prénom 99999"] });
    expect(counted.bytes).toBe(bytes.length);
  });
});
