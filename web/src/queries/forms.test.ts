import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createFormMutation,
  duplicateFormMutation,
  formKeys,
  formQuery,
  formsQuery,
  removeFormMutation,
  updateFormMutation,
  type FormJson,
} from "./forms.ts";
import { refusal, runMutation, serve, testQueryClient } from "./testing.ts";

// Cast: a form as the API answers it, whatever fields it gains later (the test reads only these).
const form = (id: string, overrides: Partial<FormJson> = {}) =>
  ({
    id,
    eventId: "ev",
    type: "registration",
    state: "draft",
    title: id,
    items: [{ kind: "text", id: "t", title: "Hello", description: "" }],
    createdAt: "2030-01-01T10:00:00.000Z",
    updatedAt: "2030-01-01T10:00:00.000Z",
    abilities: { update: true, delete: true },
    ...overrides,
  }) as FormJson;
const listed = (client: ReturnType<typeof testQueryClient>["client"]) =>
  client.getQueryData<FormJson[]>(formKeys.list("acc", "ev"))?.map((item) => `${item.id}:${item.state}`);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the forms in the query layer", () => {
  it("reads the event's forms, and a form from the list before its own answer", async () => {
    const calls = serve(() => ({ status: 200, body: { data: [form("a"), form("b")] } }));
    const { client } = testQueryClient();
    expect((await client.fetchQuery(formsQuery("acc", "ev"))).map((item) => item.id)).toEqual(["a", "b"]);
    expect(calls[0]).toMatchObject({ method: "GET", url: "/api/v1/events/acc/ev/forms" });
    expect(client.getQueryData(formQuery(client, "acc", "ev", "b").queryKey)).toBeUndefined();
    const options = formQuery(client, "acc", "ev", "b");
    expect(typeof options.initialData === "function" && options.initialData()).toMatchObject({ id: "b" });
  });

  it("keeps a created, changed or copied form as answered: its own entry and its row (a new one first)", async () => {
    const { client } = testQueryClient();
    client.setQueryData(formKeys.list("acc", "ev"), [form("a")]);
    const calls = serve((call) => {
      if (call.url.endsWith("/duplicate")) return { status: 201, body: form("copy") };
      if (call.method === "POST" && call.url.endsWith("/forms")) return { status: 201, body: form("new") };
      if (call.method === "POST") return { status: 200, body: form("a", { state: "online" }) };
      return { status: 200, body: { data: [] } };
    });
    await runMutation(client, createFormMutation(client, "acc", "ev"), {
      type: "registration",
      title: "new",
      items: [{ kind: "text", id: "t", title: "Hello", description: "" }],
    });
    expect(calls[0]).toMatchObject({ method: "POST", url: "/api/v1/events/acc/ev/forms", body: { title: "new" } });
    expect(listed(client)).toEqual(["new:draft", "a:draft"]);
    expect(client.getQueryData(formKeys.detail("acc", "ev", "new"))).toMatchObject({ id: "new" });

    await runMutation(client, updateFormMutation(client, "acc", "ev"), { formId: "a", body: { state: "online" } });
    expect(calls.find((call) => call.url === "/api/v1/events/acc/ev/forms/a")).toMatchObject({
      body: { state: "online" },
    });
    expect(listed(client)).toEqual(["new:draft", "a:online"]);
    await runMutation(client, duplicateFormMutation(client, "acc", "ev"), "a");
    expect(listed(client)).toEqual(["copy:draft", "new:draft", "a:online"]);
    expect(client.getQueryState(formKeys.list("acc", "ev"))?.isInvalidated).toBe(true);
  });

  it("drops a deleted form, and leaves the cache alone when the API refuses", async () => {
    const { client } = testQueryClient();
    client.setQueryData(formKeys.list("acc", "ev"), [form("a"), form("b")]);
    client.setQueryData(formKeys.detail("acc", "ev", "a"), form("a"));
    serve((call) => (call.url.endsWith("/b") ? refusal(403, "forbidden") : { status: 200, body: { ok: true } }));
    await runMutation(client, removeFormMutation(client, "acc", "ev"), "a");
    expect(listed(client)).toEqual(["b:draft"]);
    expect(client.getQueryData(formKeys.detail("acc", "ev", "a"))).toBeUndefined();
    await expect(runMutation(client, removeFormMutation(client, "acc", "ev"), "b")).rejects.toMatchObject({
      status: 403,
    });
    expect(listed(client)).toEqual(["b:draft"]);
  });
});
