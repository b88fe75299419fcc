import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT_DIR } from "../../../api/src/config.ts";
import { useTestServer } from "../../helpers/suite.ts";

/** The smallest file the web build compresses (web/vite.config.ts). */
const COMPRESSION_THRESHOLD = 1024;

/** The scripts and styles the built index.html loads first (npm test builds web/dist before running). */
async function firstAssets(): Promise<string[]> {
  const html = await readFile(path.join(ROOT_DIR, "web", "dist", "index.html"), "utf8");
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
}

describe("the built web app", () => {
  const suite = useTestServer("sqlite");

  it("sends its first scripts and styles compressed as the browser accepts (brotli, else gzip)", async () => {
    const assets = await firstAssets();
    expect(assets.some((asset) => asset.endsWith(".js"))).toBe(true);
    let compressed = 0;
    for (const asset of assets) {
      const plain = await readFile(path.join(ROOT_DIR, "web", "dist", asset));
      // Under the build's threshold (vite.config.ts, 1 KB: the bundler's runtime chunk) a file is not worth
      // compressing: it is sent as it is.
      if (plain.length < COMPRESSION_THRESHOLD) {
        const answer = await fetch(`${suite.server.baseUrl}${asset}`, { headers: { "Accept-Encoding": "br" } });
        expect([asset, answer.status]).toEqual([asset, 200]);
        expect(Buffer.from(await answer.arrayBuffer()).equals(plain)).toBe(true);
        continue;
      }
      for (const [accepts, encoding] of [
        ["gzip, deflate, br, zstd", "br"],
        ["gzip", "gzip"],
      ] as const) {
        const answer = await fetch(`${suite.server.baseUrl}${asset}`, { headers: { "Accept-Encoding": accepts } });
        expect([asset, answer.status, answer.headers.get("content-encoding")]).toEqual([asset, 200, encoding]);
        expect(Number(answer.headers.get("content-length"))).toBeLessThan(plain.length / 2);
        expect(Buffer.from(await answer.arrayBuffer()).equals(plain)).toBe(true);
      }
      compressed++;
    }
    expect(compressed).toBeGreaterThan(0);
  });
});
