import { describe, expect, it } from "vitest";
import { deskRequest, type FetchLike } from "./deskHttp.ts";

/** A fetch whose first call fails like Node's on a kept-alive connection the server has just closed. */
function resetOnce(): { fetch: FetchLike; calls: () => number } {
  let calls = 0;
  const fetch: FetchLike = async () => {
    calls += 1;
    if (calls === 1)
      throw new TypeError("fetch failed", {
        cause: Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }),
      });
    return new Response(JSON.stringify({ ok: true }), { status: 200 });
  };
  return { fetch, calls: () => calls };
}

describe("deskRequest", () => {
  it("asks a GET again once when the connection was reset under it", async () => {
    const network = resetOnce();
    expect(await deskRequest({ serverUrl: "http://desk.test", fetch: network.fetch }, "GET", "/desk/session")).toEqual({
      ok: true,
    });
    expect(network.calls()).toBe(2);
  });

  it("asks an idempotent POST (a batch of scans) again, never another POST", async () => {
    const batch = resetOnce();
    await deskRequest(
      { serverUrl: "http://desk.test", fetch: batch.fetch },
      "POST",
      "/desk/checks",
      { scans: [] },
      { idempotent: true },
    );
    expect(batch.calls()).toBe(2);

    const signIn = resetOnce();
    await expect(
      deskRequest({ serverUrl: "http://desk.test", fetch: signIn.fetch }, "POST", "/desk/session", {}),
    ).rejects.toThrow("fetch failed");
    expect(signIn.calls()).toBe(1);
  });
});
