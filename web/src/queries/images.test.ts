import { afterEach, describe, expect, it, vi } from "vitest";
import { addImageMutation, imageKeys } from "./images.ts";
import { runMutation, serve, testQueryClient } from "./testing.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the images query layer", () => {
  it("uploads a file as a multipart form, or has the API download an address", async () => {
    const calls = serve(() => ({ status: 201, body: { id: "img", url: "/images/img.png" } }));
    const { client } = testQueryClient();
    client.setQueryData(imageKeys.all("acc"), { data: [] });
    const file = new File([new Uint8Array([137, 80, 78, 71])], "logo.png", { type: "image/png" });
    const uploaded = await runMutation(client, addImageMutation(client, "acc"), { kind: "logo", file });
    expect(uploaded.id).toBe("img");
    const form = calls[0]!.body as FormData;
    expect(calls[0]).toMatchObject({ method: "POST", url: "/api/v1/accounts/acc/images" });
    expect(form.get("kind")).toBe("logo");
    expect((form.get("file") as File).name).toBe("logo.png");

    await runMutation(client, addImageMutation(client, "acc"), { kind: "banner", url: "https://example.com/b.png" });
    expect(calls[1]).toMatchObject({
      method: "POST",
      url: "/api/v1/accounts/acc/images",
      body: { kind: "banner", url: "https://example.com/b.png" },
    });
    expect(client.getQueryState(imageKeys.all("acc"))?.isInvalidated).toBe(true);
  });
});
