import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createEbadgeMutation,
  ebadgeBackgroundUrl,
  ebadgeGuestSearchQuery,
  ebadgeKeys,
  ebadgeQuery,
  ebadgesQuery,
  fetchEbadgePreview,
  removeEbadgeMutation,
  updateEbadgeMutation,
  uploadEbadgeBackgroundMutation,
  type EbadgeJson,
} from "./ebadges.ts";
import { pageOf, refusal, runMutation, serve, testQueryClient } from "./testing.ts";

const badge = (id: string, overrides: Partial<EbadgeJson> = {}): EbadgeJson => ({
  id,
  eventId: "ev",
  name: id,
  format: "a6",
  orientation: "portrait",
  page: { width: 105, height: 148 },
  isEnabled: true,
  background: null,
  blocks: [{ id: "n", type: "guestField", field: "fullName", x: 5, y: 5, width: 90, height: 20 }],
  conditions: null,
  createdAt: "2030-01-01T10:00:00.000Z",
  updatedAt: "2030-01-01T10:00:00.000Z",
  abilities: { update: true, delete: true, print: true },
  ...overrides,
});
const listed = (client: ReturnType<typeof testQueryClient>["client"]) =>
  client.getQueryData<EbadgeJson[]>(ebadgeKeys.list("acc", "ev"))?.map((item) => `${item.id}:${item.name}`);

/** A `fetch` answering real Responses (the preview reads a PDF's bytes), recording each call. */
function serveResponses(answer: (url: string, init: RequestInit) => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer(url, init);
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("e-badge templates in the query layer", () => {
  it("reads the event's templates, and a template from the list before its own answer", async () => {
    const calls = serve(() => ({ status: 200, body: { data: [badge("a"), badge("b")] } }));
    const { client } = testQueryClient();
    expect((await client.fetchQuery(ebadgesQuery("acc", "ev"))).map((item) => item.id)).toEqual(["a", "b"]);
    expect(calls[0]).toMatchObject({ method: "GET", url: "/api/v1/events/acc/ev/ebadges" });
    const options = ebadgeQuery(client, "acc", "ev", "b");
    expect(typeof options.initialData === "function" && options.initialData()).toMatchObject({ id: "b" });
  });

  it("keeps a created template last (oldest first), a changed one in its place, and forgets a deleted one", async () => {
    const { client } = testQueryClient();
    client.setQueryData(ebadgeKeys.list("acc", "ev"), [badge("a"), badge("b")]);
    const calls = serve((call) => {
      if (call.method === "POST" && call.url.endsWith("/ebadges")) return { status: 201, body: badge("c") };
      if (call.method === "POST") return { status: 200, body: badge("a", { name: "Crew" }) };
      if (call.method === "DELETE") return { status: 200, body: { ok: true } };
      return { status: 200, body: { data: [] } };
    });
    await runMutation(client, createEbadgeMutation(client, "acc", "ev"), { name: "c", format: "a6" });
    expect(calls[0]).toMatchObject({ method: "POST", url: "/api/v1/events/acc/ev/ebadges", body: { name: "c" } });
    expect(listed(client)).toEqual(["a:a", "b:b", "c:c"]);

    const blocks = [{ id: "q", type: "qrCode" as const, x: 10, y: 10, width: 30, height: 30, rotation: 90 }];
    await runMutation(client, updateEbadgeMutation(client, "acc", "ev"), { id: "a", body: { name: "Crew", blocks } });
    expect(calls[1]).toMatchObject({
      method: "POST",
      url: "/api/v1/events/acc/ev/ebadges/a",
      body: { name: "Crew", blocks },
    });
    expect(listed(client)).toEqual(["a:Crew", "b:b", "c:c"]);
    expect(client.getQueryData<EbadgeJson>(ebadgeKeys.detail("acc", "ev", "a"))?.name).toBe("Crew");

    await runMutation(client, removeEbadgeMutation(client, "acc", "ev"), "b");
    expect(calls[2]).toMatchObject({ method: "DELETE", url: "/api/v1/events/acc/ev/ebadges/b" });
    expect(listed(client)).toEqual(["a:Crew", "c:c"]);
  });

  it("gives a refusal as the API's error, with its message", async () => {
    serve(() => refusal(409, "ebadge_two_defaults"));
    const { client } = testQueryClient();
    await expect(
      runMutation(client, updateEbadgeMutation(client, "acc", "ev"), { id: "a", body: { isEnabled: true } }),
    ).rejects.toMatchObject({ status: 409, code: "ebadge_two_defaults" });
  });

  it("sends a background as a multipart file and keeps the template answered", async () => {
    const calls = serve(() => ({
      status: 201,
      body: badge("a", {
        background: { name: "bg.png", mimeType: "image/png", size: 10, width: 210, height: 297 },
        updatedAt: "2030-01-02T10:00:00.000Z",
      }),
    }));
    const { client } = testQueryClient();
    const file = new File([new Uint8Array([137, 80, 78, 71])], "bg.png", { type: "image/png" });
    const saved = await runMutation(client, uploadEbadgeBackgroundMutation(client, "acc", "ev"), { id: "a", file });
    expect(calls[0]!.url).toBe("/api/v1/events/acc/ev/ebadges/a/background");
    expect(calls[0]!.body).toBeInstanceOf(FormData);
    expect((calls[0]!.body as FormData).get("file")).toBeInstanceOf(File);
    expect(ebadgeBackgroundUrl("acc", "ev", saved)).toBe(
      "/api/v1/events/acc/ev/ebadges/a/background?v=2030-01-02T10%3A00%3A00.000Z",
    );
    expect(ebadgeBackgroundUrl("acc", "ev", badge("b"))).toBeNull();
  });
});

describe("the editor's preview", () => {
  it("posts the draft and gives the PDF's bytes", async () => {
    const calls = serveResponses(
      () => new Response("%PDF-1.7 badge", { status: 200, headers: { "Content-Type": "application/pdf" } }),
    );
    const draft = { name: "Draft", blocks: badge("a").blocks };
    const pdf = await fetchEbadgePreview("acc", "ev", "a", { draft, guestId: "g1" });
    expect(pdf.type).toBe("application/pdf");
    expect(await pdf.text()).toBe("%PDF-1.7 badge");
    expect(calls[0]!.url).toBe("/api/v1/events/acc/ev/ebadges/a/preview");
    expect(calls[0]!.init.method).toBe("POST");
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ draft, guestId: "g1" });
    expect((calls[0]!.init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("gives a refusal as the API's error, with its message and the draft's problems", async () => {
    serveResponses(
      () =>
        new Response(
          JSON.stringify({
            error: {
              code: "invalid_input",
              message: "Some fields are invalid.",
              details: [{ field: "draft.blocks.0.text", code: "required", message: "Required." }],
            },
          }),
          { status: 422, headers: { "Content-Type": "application/json" } },
        ),
    );
    const refused = fetchEbadgePreview("acc", "ev", "a", { draft: {} });
    await expect(refused).rejects.toMatchObject({ status: 422, code: "invalid_input" });
    await expect(refused).rejects.toSatisfy(
      (error: { messageFor(field: string): string | undefined }) =>
        error.messageFor("draft.blocks.0.text") === "Required.",
    );
  });
});

describe("finding a guest to preview for", () => {
  it("searches the guest list by name from two letters", async () => {
    const calls = serve(() => ({ status: 200, body: pageOf([]) }));
    const { client } = testQueryClient();
    expect(ebadgeGuestSearchQuery("acc", "ev", "z").enabled).toBe(false);
    const options = ebadgeGuestSearchQuery("acc", "ev", " Zoé ");
    expect(options.enabled).toBe(true);
    await client.fetchQuery(options);
    const url = new URL(calls[0]!.url, "http://localhost");
    expect(url.pathname).toBe("/api/v1/events/acc/ev/users");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ search: "Zoé", sort: "lastName", order: "asc" });
  });
});
