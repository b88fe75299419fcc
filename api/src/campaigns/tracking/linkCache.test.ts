import { describe, expect, it } from "vitest";
import { LinkCache } from "./linkCache.ts";

describe("the cache of campaigns' link targets", () => {
  it("compiles a key once, keeps the most recently used and forgets a failed load", async () => {
    const cache = new LinkCache(2);
    let loads = 0;
    const load = (links: string[]) => async () => {
      loads += 1;
      return links;
    };
    expect(await cache.get("a", load(["https://a.org"]))).toEqual(["https://a.org"]);
    expect(await cache.get("a", load(["other"]))).toEqual(["https://a.org"]);
    expect(loads).toBe(1);
    await cache.get("b", load(["https://b.org"]));
    await cache.get("a", load([])); // a is now the most recent
    await cache.get("c", load(["https://c.org"])); // b goes
    expect(cache.size).toBe(2);
    expect(await cache.get("a", load(["again"]))).toEqual(["https://a.org"]);
    expect(await cache.get("b", load(["https://b2.org"]))).toEqual(["https://b2.org"]);
    await expect(cache.get("d", () => Promise.reject(new Error("no content")))).rejects.toThrow("no content");
    expect(await cache.get("d", load(["https://d.org"]))).toEqual(["https://d.org"]);
  });
});
