import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, describe, expect, it } from "vitest";
import { LocalDiskStorage } from "./localDiskStorage.ts";

describe("LocalDiskStorage", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "tessera-storage-"));
  const storage = new LocalDiskStorage(path.join(root, "files"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("stores, reads back and deletes a file, leaving no temporary file", async () => {
    await storage.put("images/acc/abc123.png", Buffer.from("bytes"), { contentType: "image/png" });
    const stored = await storage.get("images/acc/abc123.png");
    expect(stored!.size).toBe(5);
    expect(await text(stored!.stream)).toBe("bytes");
    expect(readdirSync(path.join(root, "files", "images", "acc"))).toEqual(["abc123.png"]);
    await storage.delete("images/acc/abc123.png");
    expect(await storage.get("images/acc/abc123.png")).toBeNull();
    await storage.delete("images/acc/abc123.png"); // deleting twice is fine
  });

  it("stores a stream as it comes, and leaves nothing when the stream fails midway", async () => {
    const chunks = Array.from({ length: 50 }, (_, index) => Buffer.alloc(64 * 1024, index));
    expect(
      await storage.putStream("streams/acc/whole.csv", Readable.from(chunks), { contentType: "text/csv" }),
    ).toEqual({
      size: 50 * 64 * 1024,
    });
    expect((await storage.get("streams/acc/whole.csv"))!.size).toBe(50 * 64 * 1024);
    async function* failing() {
      yield Buffer.from("the start");
      throw new Error("refused midway");
    }
    await expect(storage.putStream("streams/acc/refused.csv", failing(), { contentType: "text/csv" })).rejects.toThrow(
      "refused midway",
    );
    expect(readdirSync(path.join(root, "files", "streams", "acc"))).toEqual(["whole.csv"]);
  });

  it("answers null for a missing file or a directory", async () => {
    expect(await storage.get("nothing/here")).toBeNull();
    await storage.put("dir/file", Buffer.from("x"), { contentType: "text/plain" });
    expect(await storage.get("dir")).toBeNull();
  });

  it.each(["", "../escape", "a/../../escape", "/etc/passwd", "a//b", "a/./b", ".hidden", "a\\b", "a b", "a/"])(
    "refuses the key %j",
    async (key) => {
      await expect(storage.put(key, Buffer.from("x"), { contentType: "text/plain" })).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
    },
  );
});
